/**
 * Issue 18, AUTH_REQUIRE_VERIFIED_EMAIL=true through the real routes (Auth.js, /api/chat, tRPC):
 * an unverified account is signed in but cannot chat until its address is confirmed; the
 * account page's procedures stay open meanwhile. The session list over HTTP marks this browser.
 * (account-verification-gate-off.test.ts: the default, where nothing waits.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useConnection } from '@/server/database';
import { signUpThrottle } from '@/server/auth';
import { confirmEmailLink, sendVerificationMail } from '@/server/account/email-verification';
import { signUp } from '@/server/auth/sign-up';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { chatRequest, Client, signInFailureCode, signInOverHttp, trpcQuery } from '../helpers/auth-http';
import { linkIn, smtpMailer, startInbox, testAccount, testAddress, testEmail, type Inbox } from '../helpers/mail';

vi.hoisted(() => {
  process.env.AUTH_SECRET = 'verification-gate-test-secret-0123456789';
  process.env.AUTH_REQUIRE_VERIFIED_EMAIL = 'true';
  delete process.env.DATABASE_URL;
  delete process.env.AUTH_URL;
  delete process.env.SMTP_URL;
});

const PASSWORD = 'violet kettle sunrise 93';

describe('with AUTH_REQUIRE_VERIFIED_EMAIL=true', () => {
  let t: TestDatabase;
  let inbox: Inbox;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    useConnection({ db: t.db, driver: t.driver, close: () => Promise.resolve() });
    inbox = await startInbox();
  });
  afterAll(async () => {
    await inbox?.close();
    await t?.close();
  });

  it('refuses chat (403) until the address is confirmed, then lets it through', async () => {
    const email = testEmail('gated');
    const user = await signUp(t.withSystem, { email, password: PASSWORD }, { throttle: signUpThrottle(), address: testAddress() });
    const client = new Client(testAddress());
    expect(signInFailureCode(await signInOverHttp(client, email, PASSWORD))).toBeNull();

    const refused = await chatRequest(client.headers(), {});
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('forbidden:auth');
    expect(body.message).toContain('/verify-email');
    // The account page still works: status, sessions.
    const status = await trpcQuery(client.headers(), 'accountSecurity.emailStatus');
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ result: { data: { json: { email, verified: false } } } });
    const list = (await (await trpcQuery(client.headers(), 'accountSecurity.sessions')).json()) as { result: { data: { json: { current: boolean }[] } } };
    expect(list.result.data.json).toHaveLength(1);
    expect(list.result.data.json[0]?.current).toBe(true);

    const account = testAccount(t, smtpMailer(inbox));
    await sendVerificationMail(account.deps, user, { origin: 'http://localhost:3000', locale: 'en', address: testAddress() });
    const token = linkIn(inbox.to(email)[0]!).searchParams.get('token');
    expect(await confirmEmailLink(account.deps, token)).toMatchObject({ ok: true, kind: 'verified' });

    // Past the gate: the route reads the body (400 for an empty one), it is no longer refused.
    expect((await chatRequest(client.headers(), {})).status).toBe(400);
  });
});
