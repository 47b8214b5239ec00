/**
 * Known-device cookies (OWASP's answer to lockout by strangers): a browser that has signed in to
 * an account gets a signed cookie naming a random device id. While strangers' failures lock the
 * account (server/auth/sign-in-throttle.ts), that browser is counted on its own, so an attacker
 * who knows someone's e-mail cannot keep its owner out of their usual browser.
 *
 * Value: `<device id>.<issued at, unix seconds>.<HMAC-SHA256 of id, time and the e-mail>`. The
 * e-mail is in the MAC, not in the cookie: the cookie says nothing about whose it is, and is
 * worth nothing for another account.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'mindbase-known-device';

export interface KnownDevice {
  deviceId: string;
}

function mac(key: string, deviceId: string, issuedAt: number, email: string): string {
  return createHmac('sha256', key).update(`${deviceId}.${issuedAt}.${email}`).digest('base64url');
}

/** A new cookie value for `email` (already normalised), issued at `now`. */
export function issueKnownDevice(key: string, email: string, now: Date): string {
  const deviceId = randomBytes(16).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${deviceId}.${issuedAt}.${mac(key, deviceId, issuedAt, email)}`;
}

/** The device, when `value` is a genuine cookie for `email` younger than `maxAgeSeconds`; else null. */
export function verifyKnownDevice(key: string, value: string | undefined, email: string, now: Date, maxAgeSeconds: number): KnownDevice | null {
  const [deviceId, issued, signature, ...rest] = (value ?? '').split('.');
  if (!deviceId || !issued || !signature || rest.length > 0 || !/^\d+$/.test(issued)) return null;
  const issuedAt = Number(issued);
  const age = now.getTime() / 1000 - issuedAt;
  if (age < 0 || age > maxAgeSeconds) return null;
  const expected = Buffer.from(mac(key, deviceId, issuedAt, email));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { deviceId };
}

/** The MAC key, derived from the auth secret so it needs no configuration of its own. */
export function knownDeviceKey(authSecret: string): string {
  return createHmac('sha256', authSecret).update('mindbase known-device cookie v1').digest('base64url');
}

/** One cookie's value from a Cookie header. */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
