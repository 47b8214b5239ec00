/**
 * The client address that per-address limits count, from X-Forwarded-For. Next sets that header
 * from the socket when a request arrives without one; a reverse proxy appends the address it saw.
 * So the trustworthy entry is the one `proxyHops` places from the right: entries further left
 * were written by the client and can be anything. (With no proxy in front and a forged header,
 * the rightmost entry is forged too: run behind one, as the README's Deployment says. The
 * per-account limit does not depend on the address.)
 */
import { isIPv4, isIPv6 } from 'node:net';

export const UNKNOWN_ADDRESS = 'unknown';

export function clientAddress(headers: Headers, proxyHops: number): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) return UNKNOWN_ADDRESS;
  const entry = entries[Math.max(0, entries.length - Math.max(1, proxyHops))] ?? '';
  return normaliseAddress(entry);
}

/**
 * One key per client: IPv4 as is (an IPv4-mapped IPv6 address included), IPv6 by its /64,
 * because one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function normaliseAddress(raw: string): string {
  const address = stripPort(raw);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
  return UNKNOWN_ADDRESS;
}

function stripPort(raw: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(raw);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(raw);
  return v4WithPort?.[1] ?? raw;
}

/** Eight 16-bit groups, lower-case, no leading zeros; `isIPv6` has already vouched for the text. */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0] ?? address;
  const [head = '', tail] = withoutZone.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const toGroups = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!part.includes('.')) return [part];
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const l = toGroups(left);
  const r = toGroups(right);
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - l.length - r.length }, () => '0');
  return [...l, ...zeros, ...r].map((group) => parseInt(group, 16).toString(16));
}
