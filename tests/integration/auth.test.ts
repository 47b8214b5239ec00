import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/rows';
import { signUp } from '@/server/auth/sign-up';
import { verifyCredentials } from '@/server/auth/verify-credentials';
import { AppError } from '@/server/errors';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

const PASSWORD = 'correct horse battery';
const email = (label: string) => `${label}-${Math.random().toString(36).slice(2, 9)}@Test.Mindbase.dev`;

async function countUsers(t: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select (select count(*) from users)::int + (select count(*) from password_credentials)::int as n`);
  return row?.n ?? -1;
}

async function expectAppError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('accounts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('signs up with a normalised e-mail and an argon2id hash, then verifies the password', async () => {
    const address = email('alice');
    const user = await signUp(t.withSystem, { email: `  ${address} `, password: PASSWORD, name: 'Alice' });
    expect(user.email).toBe(address.toLowerCase());
    const [cred] = await queryRows<{ password_hash: string }>(t.db, sql`select password_hash from password_credentials where user_id = ${user.id}`);
    expect(cred?.password_hash).toMatch(/^\$argon2id\$/);
    expect(cred?.password_hash).not.toContain(PASSWORD);

    expect(await verifyCredentials(t.withSystem, { email: address.toUpperCase(), password: PASSWORD })).toMatchObject({ id: user.id });
  });

  it('wrong password and unknown e-mail both give null, with no hint', async () => {
    const address = email('bob');
    await signUp(t.withSystem, { email: address, password: PASSWORD });
    expect(await verifyCredentials(t.withSystem, { email: address, password: 'wrong password!' })).toBeNull();
    expect(await verifyCredentials(t.withSystem, { email: email('nobody'), password: PASSWORD })).toBeNull();
    expect(await verifyCredentials(t.withSystem, { email: 'not an email', password: PASSWORD })).toBeNull();
    expect(await verifyCredentials(t.withSystem, {})).toBeNull();
  });

  it.each([
    [{ email: '', password: PASSWORD }, { email: 'Enter your e-mail address.' }],
    [{ password: PASSWORD }, { email: 'Enter your e-mail address.' }],
    [{ email: 'nope', password: PASSWORD }, { email: 'Enter a valid e-mail address, like name@example.com.' }],
    [{ email: 'short@pw.dev', password: 'seven77' }, { password: 'Use at least 8 characters for your password.' }],
    [{ email: 'none@pw.dev' }, { password: 'Choose a password.' }],
    [{ email: 'long@pw.dev', password: 'x'.repeat(300) }, { password: 'Passwords are at most 256 characters.' }],
  ])('rejects %j with a field message and writes nothing', async (input, fields) => {
    const before = await countUsers(t);
    const error = await expectAppError(signUp(t.withSystem, input));
    expect(error.code).toBe('bad_request:auth');
    expect(error.fields).toMatchObject(fields);
    expect(await countUsers(t)).toBe(before);
  });

  it('a duplicate e-mail (any case) is refused and the first account is untouched', async () => {
    const address = email('carol');
    await signUp(t.withSystem, { email: address, password: PASSWORD });
    const before = await countUsers(t);
    const error = await expectAppError(signUp(t.withSystem, { email: address.toUpperCase(), password: 'other password' }));
    expect(error.code).toBe('conflict:auth');
    expect(error.fields?.email).toBe('An account with this e-mail already exists.');
    expect(await countUsers(t)).toBe(before);
    expect(await verifyCredentials(t.withSystem, { email: address, password: PASSWORD })).not.toBeNull();
  });

  it('two sign-ups racing for one e-mail create exactly one account', async () => {
    const address = email('race');
    const results = await Promise.allSettled([
      signUp(t.withSystem, { email: address, password: PASSWORD }),
      signUp(t.withSystem, { email: address, password: PASSWORD }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict:auth' });
  });
});
