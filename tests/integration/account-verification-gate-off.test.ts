/** Issue 18: by default (AUTH_REQUIRE_VERIFIED_EMAIL unset) an unverified account chats at once. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useConnection } from '@/server/database';
import { signUpThrottle } from '@/server/auth';
import { signUp } from '@/server/auth/sign-up';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { chatRequest, Client, signInFailureCode, signInOverHttp, trpcQuery } from '../helpers/auth-http';
import { testAddress, testEmail } from '../helpers/mail';

vi.hoisted(() => {
  process.env.AUTH_SECRET = 'verification-gate-off-test-secret-0123456789';
  delete process.env.AUTH_REQUIRE_VERIFIED_EMAIL;
  delete process.env.DATABASE_URL;
  delete process.env.AUTH_URL;
});

describe('with the verification gate off (the default)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    useConnection({ db: t.db, driver: t.driver, close: () => Promise.resolve() });
  });
  afterAll(async () => t?.close());

  it('lets an unverified account chat', async () => {
    const email = testEmail('open');
    await signUp(t.withSystem, { email, password: 'violet kettle sunrise 93' }, { throttle: signUpThrottle(), address: testAddress() });
    const client = new Client(testAddress());
    expect(signInFailureCode(await signInOverHttp(client, email, 'violet kettle sunrise 93'))).toBeNull();
    expect(await (await trpcQuery(client.headers(), 'accountSecurity.emailStatus')).json()).toMatchObject({ result: { data: { json: { verified: false } } } });
    // The route reads the body (400 for an empty one): nothing stood in front of it.
    expect((await chatRequest(client.headers(), {})).status).toBe(400);
  });
});
