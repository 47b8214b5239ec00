import { describe, expect, it } from 'vitest';
import { issueKnownDevice, knownDeviceKey, readCookie, verifyKnownDevice } from '@/server/auth/known-device';

const KEY = knownDeviceKey('a-secret-of-at-least-thirty-two-characters');
const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 24 * 60 * 60;

describe('known-device cookie', () => {
  it('verifies for the e-mail it was issued for, within its age', () => {
    const value = issueKnownDevice(KEY, 'alice@example.com', NOW);
    expect(verifyKnownDevice(KEY, value, 'alice@example.com', new Date(NOW.getTime() + 10 * DAY * 1000), 180 * DAY)?.deviceId).toBe(value.split('.')[0]);
    expect(value).not.toContain('alice');
  });

  it('is refused for another account, another key, when too old, or when tampered with', () => {
    const value = issueKnownDevice(KEY, 'alice@example.com', NOW);
    expect(verifyKnownDevice(KEY, value, 'bob@example.com', NOW, 180 * DAY)).toBeNull();
    expect(verifyKnownDevice(knownDeviceKey('another-secret-of-thirty-two-characters!'), value, 'alice@example.com', NOW, 180 * DAY)).toBeNull();
    expect(verifyKnownDevice(KEY, value, 'alice@example.com', new Date(NOW.getTime() + 181 * DAY * 1000), 180 * DAY)).toBeNull();
    const [id, issued, mac] = value.split('.');
    expect(verifyKnownDevice(KEY, `${id}x.${issued}.${mac}`, 'alice@example.com', NOW, 180 * DAY)).toBeNull();
    expect(verifyKnownDevice(KEY, `${id}.${Number(issued) + 1}.${mac}`, 'alice@example.com', NOW, 180 * DAY)).toBeNull();
    for (const junk of [undefined, '', 'a.b', 'a.b.c.d', `${id}.soon.${mac}`]) expect(verifyKnownDevice(KEY, junk, 'alice@example.com', NOW, 180 * DAY)).toBeNull();
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; mindbase-known-device=x.y=z; b=2', 'mindbase-known-device')).toBe('x.y=z');
    expect(readCookie(null, 'a')).toBeUndefined();
  });
});
