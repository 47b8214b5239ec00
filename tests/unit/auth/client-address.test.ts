import { describe, expect, it } from 'vitest';
import { clientAddress, normaliseAddress, UNKNOWN_ADDRESS } from '@/server/auth/client-address';

const xff = (value: string) => new Headers({ 'x-forwarded-for': value });

describe('client address for per-address limits', () => {
  it('takes the entry the trusted proxies wrote, not what the client prepended', () => {
    expect(clientAddress(xff('203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(xff('1.1.1.1, 2.2.2.2, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(xff('1.1.1.1, 203.0.113.7, 10.0.0.2'), 2)).toBe('203.0.113.7');
    // Fewer entries than hops: the leftmost is all there is.
    expect(clientAddress(xff('203.0.113.7'), 3)).toBe('203.0.113.7');
  });

  it('is "unknown" without the header or with garbage in it', () => {
    expect(clientAddress(new Headers(), 1)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(xff(' , '), 1)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(xff('not-an-ip'), 1)).toBe(UNKNOWN_ADDRESS);
  });

  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::9]:443', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s (IPv6 by its /64)', (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });
});
