import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/rows';
import { signUp } from '@/server/auth/sign-up';
import { verifyCredentials } from '@/server/auth/verify-credentials';
import { expectAppError, unthrottledSignUp } from '../helpers/auth';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

const PASSWORD = 'correct horse battery';
const email = (label: string) => `${label}-${Math.random().toString(36).slice(2, 9)}@Test.Mindbase.dev`;

async function countUsers(t: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select (select count(*) from users)::int + (select count(*) from password_credentials)::int as n`);
  return row?.n ?? -1;
}

describe('accounts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('signs up with a normalised e-mail and an argon2id hash, then verifies the password', async () => {
    const address = email('alice');
    const user = await signUp(t.withSystem, { email: `  ${address} `, password: PASSWORD, name: 'Alice' }, unthrottledSignUp);
    expect(user.email).toBe(address.toLowerCase());
    const [cred] = await queryRows<{ password_hash: string }>(t.db, sql`select password_hash from password_credentials where user_id = ${user.id}`);
    expect(cred?.password_hash).toMatch(/^\$argon2id\$/);
    expect(cred?.password_hash).not.toContain(PASSWORD);

    expect(await verifyCredentials(t.withSystem, { email: address.toUpperCase(), password: PASSWORD })).toMatchObject({ id: user.id });
  });

  it('wrong password and unknown e-mail both give null, with no hint', async () => {
    const address = email('bob');
    await signUp(t.withSystem, { email: address, password: PASSWORD }, unthrottledSignUp);
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
    const error = await expectAppError(signUp(t.withSystem, input, unthrottledSignUp));
    expect(error.code).toBe('bad_request:auth');
    expect(error.fields).toMatchObject(fields);
    expect(await countUsers(t)).toBe(before);
  });

  it.each([
    ['password', 'This is a heavily used password.'],
    ['        ', 'Repeated characters like "aaa" are easy to guess.'],
    ['12345678', 'This is a heavily used password.'],
    ['qwertyuiop', 'easy to guess'],
  ])('refuses the weak password %j with a message naming the field and why, and writes nothing', async (password, why) => {
    const before = await countUsers(t);
    const error = await expectAppError(signUp(t.withSystem, { email: email('weak'), password, name: 'Wendy' }, unthrottledSignUp));
    expect(error.code).toBe('bad_request:auth');
    expect(error.fields?.password).toMatch(/^Password is too easy to guess: /);
    expect(error.fields?.password).toContain(why);
    expect(await countUsers(t)).toBe(before);
  });

  it("counts the account's own e-mail and name as easy words", async () => {
    const address = email('margaret');
    const local = address.split('@')[0]!;
    const error = await expectAppError(signUp(t.withSystem, { email: address, password: `${local}1`, name: 'Margaret' }, unthrottledSignUp));
    expect(error.fields?.password).toMatch(/^Password is too easy to guess/);
  });

  it('shows a weak password and a bad e-mail at once', async () => {
    const error = await expectAppError(signUp(t.withSystem, { email: 'nope', password: 'password' }, unthrottledSignUp));
    expect(error.fields?.email).toBe('Enter a valid e-mail address, like name@example.com.');
    expect(error.fields?.password).toMatch(/^Password is too easy to guess/);
  });

  it('accepts a strong password', async () => {
    const address = email('strong');
    expect(await signUp(t.withSystem, { email: address, password: 'violet kettle sunrise 93' }, unthrottledSignUp)).toMatchObject({ email: address.toLowerCase() });
  });

  it('a duplicate e-mail (any case) is refused and the first account is untouched', async () => {
    const address = email('carol');
    await signUp(t.withSystem, { email: address, password: PASSWORD }, unthrottledSignUp);
    const before = await countUsers(t);
    const error = await expectAppError(signUp(t.withSystem, { email: address.toUpperCase(), password: 'other password' }, unthrottledSignUp));
    expect(error.code).toBe('conflict:auth');
    expect(error.fields?.email).toBe('An account with this e-mail already exists.');
    expect(await countUsers(t)).toBe(before);
    expect(await verifyCredentials(t.withSystem, { email: address, password: PASSWORD })).not.toBeNull();
  });

  it('two sign-ups racing for one e-mail create exactly one account', async () => {
    const address = email('race');
    const results = await Promise.allSettled([
      signUp(t.withSystem, { email: address, password: PASSWORD }, unthrottledSignUp),
      signUp(t.withSystem, { email: address, password: PASSWORD }, unthrottledSignUp),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict:auth' });
  });
});
