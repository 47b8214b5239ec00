/**
 * Issue 18 end to end on a fresh database, with a real SMTP server in process receiving the mail
 * that the outbox, the in-process provider and nodemailer deliver: password reset (use, reuse,
 * expiry, forgery, replacement), no account enumeration, the limits, verification, change of
 * address, the retry of a refused delivery and the .eml fallback.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { userDb } from '@/db/boundary';
import { queryRows } from '@/db/rows';
import { accountTokens, outbox, passwordCredentials, sessions, users } from '@/db/schema';
import { requestEmailChange } from '@/server/account/change-email';
import { confirmEmailLink, inspectEmailLink, resendVerification, sendVerificationMail } from '@/server/account/email-verification';
import { emailStatus } from '@/server/auth/email-status';
import { requestPasswordReset, resetPassword } from '@/server/account/password-reset';
import { tokenForId, accountTokenKey } from '@/server/account/account-tokens';
import { createSessionRegistry } from '@/server/auth/session-registry';
import { signUp } from '@/server/auth/sign-up';
import { verifyCredentials } from '@/server/auth/verify-credentials';
import { config } from '@/server/config';
import { sendAccountMailJob } from '@/server/jobs/definitions/send-account-mail';
import { sweepOutbox } from '@/server/jobs/sweep-outbox';
import { createMailer } from '@/server/mail/mailer';
import { expectAppError, unthrottledSignUp } from '../helpers/auth';
import type { TestDatabase } from '../helpers/db';
import { linkIn, testAccount, testAddress, testEmail, type Inbox, useMailTestBed } from '../helpers/mail';

const PASSWORD = 'violet kettle sunrise 93';
const NEW_PASSWORD = 'marble otter lantern 57';
const ORIGIN = 'http://localhost:3000';

describe('account lifecycle with a real SMTP server', () => {
  const bed = useMailTestBed();
  let t: TestDatabase;
  let inbox: Inbox;
  let account: ReturnType<typeof testAccount>;
  beforeAll(() => {
    ({ t, inbox, account } = bed);
  });
  const request = () => ({ origin: ORIGIN, locale: 'en' as const, address: testAddress() });

  async function newAccount(label: string) {
    const email = testEmail(label);
    const user = await signUp(t.withSystem, { email, password: PASSWORD }, unthrottledSignUp);
    return { ...user, db: userDb(t.withUser, user.id) };
  }

  const passwordHash = async (userId: string) =>
    (await t.db.select({ hash: passwordCredentials.passwordHash }).from(passwordCredentials).where(eq(passwordCredentials.userId, userId)))[0]?.hash;
  const sessionCount = async (userId: string) => (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  async function resetLink(email: string) {
    await requestPasswordReset(account.deps, { email }, request());
    const mail = inbox.to(email).at(-1);
    if (!mail) throw new Error(`no reset mail for ${email}`);
    return { mail, token: linkIn(mail).searchParams.get('token') ?? '' };
  }

  it('mails a reset link that sets a new password once and signs every browser out', async () => {
    const alice = await newAccount('alice');
    const registry = createSessionRegistry(t.db, config.auth.session);
    await registry.open(alice.id, { userAgent: 'Mozilla/5.0 (Macintosh) Firefox/133.0' });
    await registry.open(alice.id, { userAgent: null });
    expect(await sessionCount(alice.id)).toBe(2);

    const { mail, token } = await resetLink(alice.email);
    expect(mail.subject).toBe('Reset your Mindbase password');
    expect(mail.from?.text).toContain('no-reply@test.mindbase.dev');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/reset-password`);
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));
    expect(mail.text).toContain(`${config.auth.accountTokens.passwordResetMinutes} minutes`);
    // Hashed at rest: neither the token row nor the outbox event holds the token.
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*)::int from account_tokens where token_hash = ${token}) + (select count(*)::int from outbox where payload::text like ${`%${token}%`}) as n`,
    );
    expect(stored?.n).toBe(0);

    expect(await resetPassword(account.deps, { token, password: NEW_PASSWORD })).toEqual({ ok: true });
    expect(await sessionCount(alice.id)).toBe(0);
    expect(await verifyCredentials(t.withSystem, { email: alice.email, password: NEW_PASSWORD })).toMatchObject({ id: alice.id });
    expect(await verifyCredentials(t.withSystem, { email: alice.email, password: PASSWORD })).toBeNull();
    // The link came to the address, so the address counts as confirmed.
    expect((await emailStatus(alice.db)).verified).toBe(true);

    // Used once: a second use changes nothing.
    const after = await passwordHash(alice.id);
    expect(await resetPassword(account.deps, { token, password: 'another fine password 11' })).toEqual({ ok: false, reason: 'used' });
    expect(await passwordHash(alice.id)).toBe(after);
  });

  it('refuses an expired link and changes nothing', async () => {
    const bob = await newAccount('bob');
    const { token } = await resetLink(bob.email);
    const before = await passwordHash(bob.id);
    const later = () => new Date(Date.now() + (config.auth.accountTokens.passwordResetMinutes + 1) * 60_000);
    expect(await resetPassword({ ...account.deps, now: later }, { token, password: NEW_PASSWORD })).toEqual({ ok: false, reason: 'expired' });
    expect(await passwordHash(bob.id)).toBe(before);
  });

  it('refuses forged, mistyped and replaced links', async () => {
    const carol = await newAccount('carol');
    const first = await resetLink(carol.email);
    const second = await resetLink(carol.email);
    const before = await passwordHash(carol.id);
    const [row] = await t.db.select({ id: accountTokens.id }).from(accountTokens).where(eq(accountTokens.userId, carol.id));
    const forgedWithOtherKey = tokenForId(accountTokenKey('not-the-server-secret-0123456789abcdef'), row?.id ?? '');
    for (const token of [first.token, forgedWithOtherKey, 'A'.repeat(43), second.token.slice(0, -1), `${second.token}x`, '', "' or 1=1 --"]) {
      expect(await resetPassword(account.deps, { token, password: NEW_PASSWORD }), token).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await passwordHash(carol.id)).toBe(before);
    // The newest link still works.
    expect(await resetPassword(account.deps, { token: second.token, password: NEW_PASSWORD })).toEqual({ ok: true });
  });

  it('keeps the link usable when the new password is too weak, naming the field', async () => {
    const dave = await newAccount('dave');
    const { token } = await resetLink(dave.email);
    const error = await expectAppError(resetPassword(account.deps, { token, password: 'password1' }));
    expect(error.code).toBe('bad_request:auth');
    expect(error.fields?.password).toMatch(/too easy to guess/i);
    const local = dave.email.split('@')[0] ?? '';
    expect((await expectAppError(resetPassword(account.deps, { token, password: `${local}2024` }))).fields?.password).toMatch(/too easy/i);
    expect(await resetPassword(account.deps, { token, password: NEW_PASSWORD })).toEqual({ ok: true });
  });

  it('answers the same for an e-mail without an account, sends nothing and stores nothing', async () => {
    const known = await newAccount('erin');
    const unknown = testEmail('nobody');
    const outboxBefore = (await t.db.select().from(outbox)).length;
    const mailsBefore = inbox.messages.length;
    const forKnown = await requestPasswordReset(account.deps, { email: known.email }, request());
    const forUnknown = await requestPasswordReset(account.deps, { email: unknown }, request());
    expect(forUnknown).toEqual(forKnown);
    expect(inbox.to(unknown)).toHaveLength(0);
    expect(inbox.messages.length).toBe(mailsBefore + 1);
    expect((await t.db.select().from(outbox)).length).toBe(outboxBefore + 1);
  });

  it('returns before the mail is sent: delivery waits for the dispatcher, after the response', async () => {
    const frank = await newAccount('frank');
    account.setHold(true);
    try {
      await requestPasswordReset(account.deps, { email: frank.email }, request());
      expect(inbox.to(frank.email)).toHaveLength(0);
      expect(account.held).toHaveLength(1);
      await account.flush();
      expect(inbox.to(frank.email)).toHaveLength(1);
    } finally {
      account.setHold(false);
    }
  });

  it('a refused delivery is retried by the job itself (its retries, as on Inngest) and arrives', async () => {
    const ida = await newAccount('ida');
    inbox.refuseNext(sendAccountMailJob.retries);
    await requestPasswordReset(account.deps, { email: ida.email }, request());
    expect(inbox.to(ida.email)).toHaveLength(1);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.userId, ida.id));
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row?.dispatchedAt).not.toBeNull();
  });

  it('a delivery refused on every try stays in the outbox, and the sweeper re-sends it until the server takes it', async () => {
    const gina = await newAccount('gina');
    inbox.refuseNext(1 + sendAccountMailJob.retries);
    await requestPasswordReset(account.deps, { email: gina.email }, request());
    expect(inbox.to(gina.email)).toHaveLength(0);
    const [failed] = await t.db.select().from(outbox).where(eq(outbox.userId, gina.id));
    expect(failed).toMatchObject({ attempts: 1, dispatchedAt: null });
    expect(failed?.lastError).toContain('451');
    const swept = await sweepOutbox(t.withSystem, account.dispatcher, new Date(Date.now() + config.jobs.outboxSweepAfterMs + 1_000));
    expect(swept.resent).toBeGreaterThanOrEqual(1);
    expect(inbox.to(gina.email)).toHaveLength(1);
    expect((await t.db.select().from(outbox).where(eq(outbox.userId, gina.id)))[0]?.dispatchedAt).not.toBeNull();
  });

  it('does not mail a link that was replaced while its mail waited', async () => {
    const hank = await newAccount('hank');
    account.setHold(true);
    try {
      await requestPasswordReset(account.deps, { email: hank.email }, request());
      await requestPasswordReset(account.deps, { email: hank.email }, request());
      await account.flush();
    } finally {
      account.setHold(false);
    }
    expect(inbox.to(hank.email)).toHaveLength(1);
  });

  it('limits requests per e-mail and per address, known account or not, with the same refusal', async () => {
    const ivan = await newAccount('ivan');
    const stranger = testEmail('stranger');
    const refusals: string[] = [];
    for (const email of [ivan.email, stranger]) {
      for (let i = 0; i < config.auth.throttle.passwordReset.account.points; i += 1) await requestPasswordReset(account.deps, { email }, request());
      const error = await expectAppError(requestPasswordReset(account.deps, { email }, request()));
      expect(error.code).toBe('rate_limited:auth');
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      refusals.push(error.message);
    }
    expect(refusals[0]).toBe(refusals[1]);
    expect(inbox.to(ivan.email)).toHaveLength(config.auth.throttle.passwordReset.account.points);

    const address = testAddress();
    for (let i = 0; i < config.auth.throttle.passwordReset.address.points; i += 1) {
      await requestPasswordReset(account.deps, { email: testEmail('spray') }, { origin: ORIGIN, locale: 'en', address });
    }
    const sprayed = await expectAppError(requestPasswordReset(account.deps, { email: testEmail('spray') }, { origin: ORIGIN, locale: 'en', address }));
    expect(sprayed.code).toBe('rate_limited:auth');
  });

  it.each([
    [{ email: 'not-an-address' }, 'email'],
    [{ email: `${'a'.repeat(330)}@x.dev` }, 'email'],
    [{}, 'email'],
  ])('names the field for bad input %j and mails nothing', async (input, field) => {
    const before = inbox.messages.length;
    const error = await expectAppError(requestPasswordReset(account.deps, input, request()));
    expect(error.code).toBe('bad_request:auth');
    expect(error.fields?.[field]).toBeTruthy();
    expect(inbox.messages.length).toBe(before);
  });

  it('mails in Chinese when the browser prefers it, as text and HTML', async () => {
    const jun = await newAccount('jun');
    await requestPasswordReset(account.deps, { email: jun.email }, { ...request(), locale: 'zh' });
    const [mail] = inbox.to(jun.email);
    expect(mail?.subject).toBe('重置你的 Mindbase 密码');
    expect(mail?.text).toContain('30 分钟');
    expect(mail?.html).toContain('lang="zh-CN"');
  });

  it('verifies the address from the sign-up link, once', async () => {
    const kate = await newAccount('kate');
    expect((await emailStatus(kate.db)).verified).toBe(false);
    await sendVerificationMail(account.deps, kate, request());
    const [mail] = inbox.to(kate.email);
    expect(mail?.subject).toBe('Confirm your e-mail address for Mindbase');
    const token = linkIn(mail!).searchParams.get('token');
    expect(linkIn(mail!).pathname).toBe('/verify-email');
    expect(await inspectEmailLink(account.deps, token)).toMatchObject({ ok: true });
    expect(await confirmEmailLink(account.deps, token)).toEqual({ ok: true, kind: 'verified', email: kate.email });
    expect((await emailStatus(kate.db)).verified).toBe(true);
    expect(await confirmEmailLink(account.deps, token)).toEqual({ ok: false, reason: 'used' });
    // Nothing to resend once verified.
    expect(await resendVerification(kate.db, account.deps, request())).toMatchObject({ status: 'already_verified' });
  });

  it('resends a verification link that replaces the first', async () => {
    const liam = await newAccount('liam');
    await sendVerificationMail(account.deps, liam, request());
    expect(await resendVerification(liam.db, account.deps, request())).toEqual({ status: 'sent', email: liam.email });
    const [first, second] = inbox.to(liam.email);
    expect(await confirmEmailLink(account.deps, linkIn(first!).searchParams.get('token'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await confirmEmailLink(account.deps, linkIn(second!).searchParams.get('token'))).toMatchObject({ ok: true });
  });

  it('changes the address only once the link sent to the new one is opened', async () => {
    const mia = await newAccount('mia');
    const next = testEmail('mia-new');
    const wrong = await expectAppError(requestEmailChange(mia.db, account.deps, { newEmail: next, currentPassword: 'not my password' }, request()));
    expect(wrong.fields?.currentPassword).toBe('That is not your current password.');
    expect(inbox.to(next)).toHaveLength(0);

    expect(await requestEmailChange(mia.db, account.deps, { newEmail: next, currentPassword: PASSWORD }, request())).toEqual({ pendingEmail: next });
    expect(await emailStatus(mia.db)).toMatchObject({ email: mia.email, pendingEmail: next });
    const [mail] = inbox.to(next);
    expect(mail?.subject).toBe('Confirm your new e-mail address for Mindbase');
    expect(inbox.to(mia.email).some((m) => m.subject === mail?.subject)).toBe(false);
    // Until then the old address is the sign-in.
    expect(await verifyCredentials(t.withSystem, { email: mia.email, password: PASSWORD })).toMatchObject({ id: mia.id });

    expect(await confirmEmailLink(account.deps, linkIn(mail!).searchParams.get('token'))).toEqual({ ok: true, kind: 'changed', email: next });
    expect(await emailStatus(mia.db)).toEqual({ email: next, verified: true, pendingEmail: null });
    expect(await verifyCredentials(t.withSystem, { email: next, password: PASSWORD })).toMatchObject({ id: mia.id });
    expect(await verifyCredentials(t.withSystem, { email: mia.email, password: PASSWORD })).toBeNull();
  });

  it('refuses an address another account uses, before mailing and when it was taken meanwhile', async () => {
    const noah = await newAccount('noah');
    const olga = await newAccount('olga');
    const taken = await expectAppError(requestEmailChange(noah.db, account.deps, { newEmail: olga.email, currentPassword: PASSWORD }, request()));
    expect(taken.code).toBe('conflict:settings');
    expect(taken.fields?.newEmail).toBeTruthy();

    const wanted = testEmail('wanted');
    await requestEmailChange(noah.db, account.deps, { newEmail: wanted, currentPassword: PASSWORD }, request());
    await t.db.update(users).set({ email: wanted }).where(eq(users.id, olga.id));
    const token = linkIn(inbox.to(wanted)[0]!).searchParams.get('token');
    expect(await confirmEmailLink(account.deps, token)).toEqual({ ok: false, reason: 'taken' });
    expect((await emailStatus(noah.db)).email).toBe(noah.email);
  });

  it.each([
    [{ newEmail: 'nope', currentPassword: PASSWORD }, 'newEmail'],
    [{ newEmail: testEmail('x'), currentPassword: '' }, 'currentPassword'],
  ])('names the field for a bad change of address %j', async (input, field) => {
    const pia = await newAccount('pia');
    const error = await expectAppError(requestEmailChange(pia.db, account.deps, input, request()));
    expect(error.code).toBe('bad_request:settings');
    expect(error.fields?.[field]).toBeTruthy();
  });

  it('without SMTP_URL writes the mail as an .eml file and logs the link once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mindbase-mail-'));
    try {
      const lines: string[] = [];
      const files = testAccount(t, createMailer({ from: 'Mindbase <no-reply@mindbase.invalid>', dir, log: (line) => lines.push(line) }));
      const quinn = await newAccount('quinn');
      await requestPasswordReset(files.deps, { email: quinn.email }, request());
      const [name] = await readdir(dir);
      expect(name).toMatch(/password-reset-.*\.eml$/);
      const mail = await simpleParser(await readFile(path.join(dir, name!)));
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(quinn.email);
      const link = linkIn(mail);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(link.toString());
      expect(await resetPassword(files.deps, { token: link.searchParams.get('token'), password: NEW_PASSWORD })).toEqual({ ok: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
