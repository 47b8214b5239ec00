/**
 * Issue 18, the account page's procedures through the real tRPC router: each one reaches only
 * the caller's own rows (sessions, links, password, address) whatever ids it is given, and bad
 * input is a 400 naming the field.
 */
import { and, eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { userDb } from '@/db/boundary';
import { accountTokens, sessions } from '@/db/schema';
import { appRouter } from '@/server/api/root';
import { createCallerFactory } from '@/server/api/trpc';
import { describeDevice } from '@/server/account/user-sessions';
import { createSessionRegistry, publicSessionId } from '@/server/auth/session-registry';
import { signUp } from '@/server/auth/sign-up';
import { verifyCredentials } from '@/server/auth/verify-credentials';
import { config } from '@/server/config';
import { unthrottledSignUp } from '../helpers/auth';
import type { TestDatabase } from '../helpers/db';
import { testLauncher } from '../helpers/jobs';
import { type testAccount, testAddress, testEmail, type Inbox, useMailTestBed } from '../helpers/mail';

const PASSWORD = 'violet kettle sunrise 93';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const createCaller = createCallerFactory(appRouter);

describe('account security procedures', () => {
  const bed = useMailTestBed();
  let t: TestDatabase;
  let inbox: Inbox;
  let account: ReturnType<typeof testAccount>;
  beforeAll(() => {
    ({ t, inbox, account } = bed);
  });

  /** An account signed in on two browsers; `caller` is the first one. */
  async function person(label: string) {
    const email = testEmail(label);
    const { id } = await signUp(t.withSystem, { email, password: PASSWORD }, unthrottledSignUp);
    const registry = createSessionRegistry(t.db, config.auth.session);
    const here = await registry.open(id, { userAgent: FIREFOX });
    const phone = await registry.open(id, { userAgent: IPHONE });
    const caller = createCaller({
      user: { id, email, name: null, sessionId: publicSessionId(here) },
      db: userDb(t.withUser, id),
      jobs: testLauncher(t),
      account: { deps: account.deps, request: { origin: 'http://localhost:3000', locale: 'en', address: testAddress() } },
    });
    return { id, email, here, phone, caller };
  }

  const liveTokens = async (userId: string) => (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).map((s) => s.sessionToken).sort();

  it('lists only the caller own sessions, by public id, with browser and this-browser mark', async () => {
    const alice = await person('alice');
    const bob = await person('bob');
    const list = await alice.caller.accountSecurity.sessions();
    expect(list).toHaveLength(2);
    expect(list.map((s) => s.id).sort()).toEqual([publicSessionId(alice.here), publicSessionId(alice.phone)].sort());
    expect(list.find((s) => s.current)?.device).toBe('Firefox 133 on Windows');
    expect(list.find((s) => !s.current)?.device).toBe('Safari 17 on iOS (mobile)');
    const ids = new Set(list.map((s) => s.id));
    expect(ids.has(publicSessionId(bob.here))).toBe(false);
    // Tokens never leave the server.
    expect(JSON.stringify(list)).not.toContain(alice.here);
  });

  it("signs out one session; another user's session id is not found and stays signed in", async () => {
    const carol = await person('carol');
    const dave = await person('dave');
    await expect(carol.caller.accountSecurity.revokeSession({ id: publicSessionId(dave.phone) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await liveTokens(dave.id)).toEqual([dave.here, dave.phone].sort());
    await carol.caller.accountSecurity.revokeSession({ id: publicSessionId(carol.phone) });
    expect(await liveTokens(carol.id)).toEqual([carol.here]);
  });

  it('signs out everywhere: every session of the caller, none of anyone else', async () => {
    const erin = await person('erin');
    const frank = await person('frank');
    expect(await erin.caller.accountSecurity.signOutEverywhere()).toEqual({ ended: 2 });
    expect(await liveTokens(erin.id)).toEqual([]);
    expect(await liveTokens(frank.id)).toHaveLength(2);
  });

  it('changes the password with the current one, signing out the other browsers of the caller only', async () => {
    const gina = await person('gina');
    const hank = await person('hank');
    const next = 'marble otter lantern 57';
    const wrong = await gina.caller.accountSecurity.changePassword({ currentPassword: 'wrong one', newPassword: next }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', cause: { fields: { currentPassword: 'That is not your current password.' } } });
    expect(await gina.caller.accountSecurity.changePassword({ currentPassword: PASSWORD, newPassword: next })).toEqual({ otherSessionsEnded: 1 });
    expect(await liveTokens(gina.id)).toEqual([gina.here]);
    expect(await verifyCredentials(t.withSystem, { email: gina.email, password: next })).toMatchObject({ id: gina.id });
    expect(await verifyCredentials(t.withSystem, { email: hank.email, password: PASSWORD })).toMatchObject({ id: hank.id });
    expect(await liveTokens(hank.id)).toHaveLength(2);
  });

  it('refuses a weak new password on newPassword and keeps the old one', async () => {
    const ivan = await person('ivan');
    const error = await ivan.caller.accountSecurity.changePassword({ currentPassword: PASSWORD, newPassword: 'password123' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    expect((error as TRPCError & { cause: { fields?: Record<string, string> } }).cause.fields?.newPassword).toMatch(/too easy/i);
    expect(await verifyCredentials(t.withSystem, { email: ivan.email, password: PASSWORD })).toMatchObject({ id: ivan.id });
  });

  it('limits current-password guesses per user', async () => {
    const jun = await person('jun');
    for (let i = 0; i < config.auth.throttle.accountChanges.points; i += 1) {
      await expect(jun.caller.accountSecurity.changePassword({ currentPassword: `guess ${i}`, newPassword: 'marble otter lantern 57' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    await expect(jun.caller.accountSecurity.changePassword({ currentPassword: PASSWORD, newPassword: 'marble otter lantern 57' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('a change of address and a resend touch only the caller own links and mail only the caller', async () => {
    const kate = await person('kate');
    const liam = await person('liam');
    const next = testEmail('kate-new');
    expect(await kate.caller.accountSecurity.requestEmailChange({ newEmail: next, currentPassword: PASSWORD })).toEqual({ pendingEmail: next });
    expect(await kate.caller.accountSecurity.resendVerification()).toEqual({ status: 'sent', email: kate.email });
    expect(await kate.caller.accountSecurity.emailStatus()).toEqual({ email: kate.email, verified: false, pendingEmail: next });
    expect(await liam.caller.accountSecurity.emailStatus()).toEqual({ email: liam.email, verified: false, pendingEmail: null });
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, liam.id))).toEqual([]);
    expect(inbox.to(liam.email)).toEqual([]);
    expect(inbox.to(next)).toHaveLength(1);
    expect(inbox.to(kate.email)).toHaveLength(1);
  });

  it('cannot change the address to another account', async () => {
    const mia = await person('mia');
    const noah = await person('noah');
    await expect(mia.caller.accountSecurity.requestEmailChange({ newEmail: noah.email, currentPassword: PASSWORD })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await t.db.select().from(accountTokens).where(and(eq(accountTokens.userId, mia.id), eq(accountTokens.purpose, 'change_email')))).toEqual([]);
  });

  it.each([
    ['revokeSession', { id: 'not-a-session' }],
    ['revokeSession', { id: 'a'.repeat(32), userId: 'someone' }],
    ['requestEmailChange', { newEmail: 'x@y.z\u0000', currentPassword: PASSWORD }],
    ['requestEmailChange', { newEmail: `${'a'.repeat(400)}@x.dev`, currentPassword: PASSWORD }],
    ['changePassword', { currentPassword: PASSWORD, newPassword: 'x'.repeat(10_000) }],
    ['changePassword', { currentPassword: PASSWORD }],
  ] as const)('%s refuses %j with a 400 and changes nothing', async (procedure, input) => {
    const olga = await person('olga');
    const before = await liveTokens(olga.id);
    const call = olga.caller.accountSecurity[procedure] as (input: unknown) => Promise<unknown>;
    await expect(call(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await liveTokens(olga.id)).toEqual(before);
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, olga.id))).toEqual([]);
  });

  it('refuses every procedure signed out', async () => {
    const anonymous = createCaller({ user: null, db: null, jobs: testLauncher(t) });
    await expect(anonymous.accountSecurity.sessions()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.accountSecurity.signOutEverywhere()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.accountSecurity.emailStatus()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.accountSecurity.resendVerification()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('records when a session was last seen, at most once per interval', async () => {
    let now = new Date('2026-06-01T10:00:00Z');
    const registry = createSessionRegistry(t.db, { ...config.auth.session, now: () => now });
    const pia = await person('pia');
    const token = await registry.open(pia.id, { userAgent: `${FIREFOX}\u0000\u0007` });
    const seen = async () => (await t.db.select().from(sessions).where(eq(sessions.sessionToken, token)))[0];
    expect((await seen())?.userAgent).toBe(FIREFOX);
    now = new Date(now.getTime() + 60_000);
    expect(await registry.isLive({ sessionId: token, userId: pia.id })).toBe(true);
    expect((await seen())?.lastSeenAt.toISOString()).toBe('2026-06-01T10:00:00.000Z');
    now = new Date(now.getTime() + config.auth.session.lastSeenEverySeconds * 1000);
    expect(await registry.isLive({ sessionId: token, userId: pia.id })).toBe(true);
    expect((await seen())?.lastSeenAt.toISOString()).toBe(now.toISOString());
  });

  it('names devices from their User-Agent, and says so when it cannot', () => {
    expect(describeDevice(FIREFOX)).toBe('Firefox 133 on Windows');
    expect(describeDevice(null)).toBe('Unknown browser');
    expect(describeDevice('curl/8.5.0')).toMatch(/curl|Unknown browser/i);
  });
});
