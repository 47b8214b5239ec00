/**
 * Issue 14, items 5 and 6 at the domain level, on both drivers: the sign-in and sign-up limits
 * and the session registry over the app's own Postgres (rate_limits, sessions).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@/db/rows';
import { rateLimits } from '@/db/schema';
import { authorizeCredentials } from '@/server/auth/authorize-credentials';
import { issueKnownDevice, KNOWN_DEVICE_COOKIE } from '@/server/auth/known-device';
import { createSessionRegistry } from '@/server/auth/session-registry';
import { createSignInThrottle } from '@/server/auth/sign-in-throttle';
import { signUp } from '@/server/auth/sign-up';
import { createSignUpThrottle } from '@/server/auth/sign-up-throttle';
import { config } from '@/server/config';
import { createStoreLimiter } from '@/server/ratelimit/limiter';
import { createAppLimiters, type AppLimiters } from '@/server/ratelimit/limiters';
import { expectAppError, unthrottledSignUp } from '../helpers/auth';
import { createTestDatabase, DRIVERS, seedUser, type TestDatabase } from '../helpers/db';

const PASSWORD = 'violet kettle sunrise 93';
const DEVICE_KEY = 'test-device-key';
let n = 0;
const email = (label: string) => `${label}-${Date.now()}-${(n += 1)}@throttle.mindbase.dev`;
const from = (address: string, cookie = '') => new Headers({ 'x-forwarded-for': address, cookie });
const nextAddress = () => `203.0.113.${(n += 1) % 250}`;

describe.each(DRIVERS)('sign-in and sign-up limits (%s)', (driver) => {
  let t: TestDatabase;
  let limiters: AppLimiters;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
    limiters = createAppLimiters(t.db, { purge: false });
  });
  afterAll(async () => t?.close());

  const authorize = (credentials: unknown, headers: Headers) =>
    authorizeCredentials(
      {
        withSystem: t.withSystem,
        throttle: createSignInThrottle({ account: limiters.signInAccount, address: limiters.signInAddress, device: limiters.signInDevice }),
        deviceKey: DEVICE_KEY,
      },
      credentials,
      headers,
    );

  async function account(): Promise<string> {
    const address = email('user');
    await signUp(t.withSystem, { email: address, password: PASSWORD }, unthrottledSignUp);
    return address;
  }

  it('the attempt after the limit is refused even with the right password, with the retry time in the message', async () => {
    const who = await account();
    const here = from(nextAddress());
    const { points, blockSeconds } = config.auth.throttle.signIn.account;
    for (let i = 0; i < points; i += 1) expect(await authorize({ email: who, password: 'not it at all' }, here)).toBeNull();
    const error = await expectAppError(authorize({ email: who, password: PASSWORD }, here));
    expect(error.code).toBe('rate_limited:auth');
    expect(error.status).toBe(429);
    expect(error.message).toBe(`Too many sign-in attempts. Try again in ${blockSeconds / 60} minutes.`);
    expect(error.retryAfterSeconds).toBeGreaterThan(blockSeconds - 30);
    // Keys are hashes: no e-mail or address is stored.
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).join(' ');
    expect(keys).not.toContain(who);
    expect(keys).not.toContain('203.0.113.');
  });

  it('counts consecutive failures: a success starts the count again', async () => {
    const who = await account();
    const here = from(nextAddress());
    const { points } = config.auth.throttle.signIn.account;
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < points - 1; i += 1) expect(await authorize({ email: who, password: 'not it at all' }, here)).toBeNull();
      expect(await authorize({ email: who, password: PASSWORD }, here)).toMatchObject({ email: who });
    }
  });

  it("a known browser is counted on its own: strangers' failures do not lock its owner out, its own do", async () => {
    const who = await account();
    const { points } = config.auth.throttle.signIn.account;
    for (let i = 0; i <= points; i += 1) await authorize({ email: who, password: 'attacker guess' }, from(nextAddress())).catch(() => null);
    await expect(authorize({ email: who, password: PASSWORD }, from(nextAddress()))).rejects.toMatchObject({ code: 'rate_limited:auth' });

    const cookie = `${KNOWN_DEVICE_COOKIE}=${issueKnownDevice(DEVICE_KEY, who, new Date())}`;
    const home = from(nextAddress(), cookie);
    expect(await authorize({ email: who, password: PASSWORD }, home)).toMatchObject({ email: who });
    // The cookie is worth nothing for another account…
    const other = await account();
    for (let i = 0; i <= points; i += 1) await authorize({ email: other, password: 'attacker guess' }, from(nextAddress())).catch(() => null);
    await expect(authorize({ email: other, password: PASSWORD }, home)).rejects.toMatchObject({ code: 'rate_limited:auth' });
    // …and a stolen one still has its own limit.
    for (let i = 0; i < config.auth.throttle.signIn.device.points; i += 1) expect(await authorize({ email: who, password: 'guess' }, home)).toBeNull();
    await expect(authorize({ email: who, password: PASSWORD }, home)).rejects.toMatchObject({ code: 'rate_limited:auth' });
  });

  it('malformed input is not counted', async () => {
    const here = from(nextAddress());
    for (let i = 0; i < 60; i += 1) expect(await authorize({ email: 'not an email', password: 'x' }, here)).toBeNull();
    const who = await account();
    expect(await authorize({ email: who, password: PASSWORD }, here)).toMatchObject({ email: who });
  });

  it('sign-up: attempts per e-mail are limited, the refusal creates nothing, another e-mail is not affected', async () => {
    const throttle = createSignUpThrottle({ account: limiters.signUpAccount, address: limiters.signUpAddress });
    const address = nextAddress();
    const taken = await account();
    const { points, blockSeconds } = config.auth.throttle.signUp.account;
    for (let i = 0; i < points; i += 1) {
      await expect(signUp(t.withSystem, { email: taken, password: PASSWORD }, { throttle, address })).rejects.toMatchObject({ code: 'conflict:auth' });
    }
    const error = await expectAppError(signUp(t.withSystem, { email: taken, password: PASSWORD }, { throttle, address }));
    expect(error.code).toBe('rate_limited:auth');
    expect(error.message).toBe(`Too many sign-up attempts. Try again in ${blockSeconds / 60} minutes.`);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    // Invalid input is refused by validation, before any limit is consulted.
    await expect(signUp(t.withSystem, { email: email('weak'), password: 'password' }, { throttle, address })).rejects.toMatchObject({ code: 'bad_request:auth' });
    const fresh = email('fresh');
    expect((await signUp(t.withSystem, { email: fresh, password: PASSWORD }, { throttle, address })).email).toBe(fresh);
  });

  it('sign-up: attempts per address are limited', async () => {
    const throttle = createSignUpThrottle({ account: limiters.signUpAccount, address: limiters.signUpAddress });
    // A tighter copy of the production address limit, on the same table.
    const tight = createSignUpThrottle({ account: limiters.signUpAccount, address: createStoreLimiter(t.db, 'signup:address:test', { points: 2, durationSeconds: 3600, blockSeconds: 3600 }) });
    const address = nextAddress();
    await tight.begin({ email: email('a'), address });
    await tight.begin({ email: email('b'), address });
    await expect(tight.begin({ email: email('c'), address })).rejects.toMatchObject({ code: 'rate_limited:auth' });
    await expect(tight.begin({ email: email('d'), address: nextAddress() })).resolves.toBeUndefined();
    await expect(throttle.begin({ email: email('e'), address })).resolves.toBeUndefined();
  });

  it('an idle key expires: after its window the count starts again', async () => {
    const limiter = createStoreLimiter(t.db, 'expiry-test', { points: 1, durationSeconds: 1, blockSeconds: 0 });
    await limiter.consume('k');
    await expect(limiter.consume('k')).rejects.toMatchObject({ remainingPoints: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(limiter.consume('k')).resolves.toMatchObject({ consumedPoints: 1 });
  });

  it('expired keys are purged every 5 minutes, once an hour past their expiry', async () => {
    const long = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const recent = new Date(Date.now() - 60 * 1000);
    await t.db.insert(rateLimits).values([
      { key: 'purge-test:old', points: 3, expire: long },
      { key: 'purge-test:recent', points: 3, expire: recent },
    ]);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      createStoreLimiter(t.db, 'purge-test', { points: 1, durationSeconds: 60, blockSeconds: 0 }, { purge: true });
      vi.advanceTimersByTime(5 * 60 * 1000);
    } finally {
      vi.useRealTimers();
    }
    const remaining = async () =>
      (await queryRows<{ key: string }>(t.db, sql`select key from rate_limits where key like 'purge-test:%' order by key`)).map((r) => r.key);
    await vi.waitFor(async () => expect(await remaining()).toEqual(['purge-test:recent']));
  });
});

describe.each(DRIVERS)('session registry (%s)', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
  });
  afterAll(async () => t?.close());

  it('opens, checks and revokes one session; others of the same user stay live', async () => {
    const user = await seedUser(t.db, 'sessions');
    const registry = createSessionRegistry(t.db, config.auth.session);
    const phone = await registry.open(user.id);
    const laptop = await registry.open(user.id);
    expect(await registry.isLive({ sessionId: phone, userId: user.id })).toBe(true);
    // The row must name the cookie's user.
    expect(await registry.isLive({ sessionId: phone, userId: 'someone-else' })).toBe(false);
    await registry.revoke(phone);
    expect(await registry.isLive({ sessionId: phone, userId: user.id })).toBe(false);
    expect(await registry.isLive({ sessionId: laptop, userId: user.id })).toBe(true);
  });

  it('an expired session is not live, and the next sign-in purges it', async () => {
    const user = await seedUser(t.db, 'expired');
    let now = new Date('2026-01-01T00:00:00Z');
    const registry = createSessionRegistry(t.db, { maxAgeSeconds: 60, purgeBatch: 100, now: () => now });
    const old = await registry.open(user.id);
    now = new Date('2026-01-01T00:02:00Z');
    expect(await registry.isLive({ sessionId: old, userId: user.id })).toBe(false);
    await registry.open(user.id);
    const rows = await queryRows<{ session_token: string }>(t.db, sql`select session_token from sessions where user_id = ${user.id}`);
    expect(rows.map((r) => r.session_token)).not.toContain(old);
    expect(rows).toHaveLength(1);
  });

  it('deleting the user deletes their sessions', async () => {
    const user = await seedUser(t.db, 'deleted');
    const registry = createSessionRegistry(t.db, config.auth.session);
    const session = await registry.open(user.id);
    await t.db.execute(sql`delete from users where id = ${user.id}`);
    expect(await registry.isLive({ sessionId: session, userId: user.id })).toBe(false);
  });
});
