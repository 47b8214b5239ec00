/**
 * Issue 14, items 5 and 6, through the real route handlers (Auth.js, tRPC, /api/chat) on a fresh
 * database: sign-in limits kept in Postgres, and sessions that end at sign-out and at account
 * deletion even for a copied cookie.
 */
import { encode } from '@auth/core/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useConnection } from '@/server/database';
import { deviceKey, signUpThrottle } from '@/server/auth';
import { clientAddress } from '@/server/auth/client-address';
import { issueKnownDevice, KNOWN_DEVICE_COOKIE } from '@/server/auth/known-device';
import { signUp } from '@/server/auth/sign-up';
import { config } from '@/server/config';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import {
  chatRequest,
  Client,
  sessionOf,
  signInFailureCode,
  signInOverHttp,
  signOutOverHttp,
  trpcMutation,
  trpcQuery,
} from '../helpers/auth-http';

const AUTH_SECRET = vi.hoisted(() => {
  // Before anything parses the environment: no .data/auth-secret file, no DATABASE_URL pool.
  const secret = 'auth-routes-test-secret-0123456789abcdef';
  process.env.AUTH_SECRET = secret;
  delete process.env.DATABASE_URL;
  delete process.env.AUTH_URL;
  return secret;
});

const PASSWORD = 'violet kettle sunrise 93';
let n = 0;
const email = (label: string) => `${label}-${Date.now()}-${(n += 1)}@routes.mindbase.dev`;
/** A fresh documentation-range address per client, so tests never share a per-address count. */
const address = () => `198.51.100.${(n += 1) % 250}`;

describe('sign-in limits and session revocation through the routes', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    useConnection({ db: t.db, driver: t.driver, close: () => Promise.resolve() });
  });
  afterAll(async () => t?.close());

  async function account(label: string): Promise<string> {
    const address_ = email(label);
    await signUp(t.withSystem, { email: address_, password: PASSWORD }, { throttle: signUpThrottle(), address: address() });
    return address_;
  }

  async function signedIn(label: string): Promise<{ email: string; client: Client }> {
    const who = await account(label);
    const client = new Client(address());
    const response = await signInOverHttp(client, who, PASSWORD);
    expect(signInFailureCode(response)).toBeNull();
    expect(client.cookieHeader()).toContain('authjs.session-token=');
    return { email: who, client };
  }

  it('40 parallel wrong passwords, then the right one: refused with a retry time and no session', async () => {
    const alice = await account('alice');
    const attacker = new Client(address());
    const codes = (await Promise.all(Array.from({ length: 40 }, () => signInOverHttp(attacker, alice, 'wrong password 1234')))).map(signInFailureCode);
    // Each attempt is paid for before its password is checked: exactly the limit reached argon2.
    const { points, blockSeconds } = config.auth.throttle.signIn.account;
    expect(codes.filter((c) => c === 'credentials')).toHaveLength(points);
    expect(codes.filter((c) => c?.startsWith('rate_limited:'))).toHaveLength(40 - points);

    const right = await signInOverHttp(attacker, alice, PASSWORD);
    expect(signInFailureCode(right)).toMatch(/^rate_limited:\d+$/);
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(blockSeconds - 30);
    expect(retryAfter).toBeLessThanOrEqual(blockSeconds);
    expect(attacker.cookieHeader()).not.toContain('authjs.session-token=');
    expect(await sessionOf(attacker)).toBeNull();

    // Not another account from the same address…
    const bob = await account('bob');
    expect(signInFailureCode(await signInOverHttp(attacker, bob, PASSWORD))).toBeNull();
    // …and not the owner in a browser that signed in to the account before (known-device cookie),
    // although a new browser elsewhere is refused while the block lasts (README: Security).
    const stranger = new Client(address());
    expect(signInFailureCode(await signInOverHttp(stranger, alice, PASSWORD))).toMatch(/^rate_limited:/);
    const owner = new Client(address());
    owner.setCookie(KNOWN_DEVICE_COOKIE, issueKnownDevice(deviceKey(), alice, new Date()));
    expect(signInFailureCode(await signInOverHttp(owner, alice, PASSWORD))).toBeNull();
    expect(await sessionOf(owner)).toMatchObject({ user: { email: alice } });
  });

  it('an address spraying many accounts is blocked; another address is not', async () => {
    const victim = await account('victim');
    const sprayer = new Client(address());
    const { points } = config.auth.throttle.signIn.address;
    for (let i = 0; i < points; i += 1) {
      expect(signInFailureCode(await signInOverHttp(sprayer, email(`guess${i}`), 'Summer2024!'))).toBe('credentials');
    }
    const refused = await signInOverHttp(sprayer, victim, PASSWORD);
    expect(signInFailureCode(refused)).toMatch(/^rate_limited:/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(signInFailureCode(await signInOverHttp(new Client(address()), victim, PASSWORD))).toBeNull();
  });

  it('a cookie copied before sign-out gets 401 from tRPC and /api/chat afterwards; the other browser stays signed in', async () => {
    const { email: who, client } = await signedIn('carol');
    const laptop = new Client(address());
    expect(signInFailureCode(await signInOverHttp(laptop, who, PASSWORD))).toBeNull();
    const copied = client.cookieHeader();
    const stolen = () => new Headers({ cookie: copied });

    expect((await trpcQuery(stolen(), 'account.me')).status).toBe(200);
    // Signed in, the chat route gets as far as reading the body (400), not 401.
    expect((await chatRequest(stolen(), {})).status).toBe(400);

    await signOutOverHttp(client);
    expect(client.cookieHeader()).not.toContain('authjs.session-token=');

    const me = await trpcQuery(stolen(), 'account.me');
    expect(me.status).toBe(401);
    expect((await trpcMutation(stolen(), 'account.updateSettings', { timeZone: 'UTC' })).status).toBe(401);
    const chat = await chatRequest(stolen(), { id: crypto.randomUUID(), trigger: 'submit-message', message: { text: 'hello' } });
    expect(chat.status).toBe(401);
    expect(await chat.json()).toMatchObject({ code: 'unauthorized:api' });
    expect(await sessionOf(new Client(address()).withCookie(copied))).toBeNull();

    // Sign-out ended that browser's session only.
    expect((await trpcQuery(laptop.headers(), 'account.me')).status).toBe(200);
  });

  it('after account deletion the copied cookie gets 401 everywhere, not empty 200s or 500s', async () => {
    const { email: who, client } = await signedIn('dave');
    const copied = client.cookieHeader();
    const stolen = () => new Headers({ cookie: copied });
    expect((await trpcMutation(client.headers(), 'account.deleteAccount', { confirm: who })).status).toBe(200);

    for (const path of ['account.me', 'account.settings', 'conversations.list?input=%7B%22json%22%3A%7B%7D%7D']) {
      expect((await trpcQuery(stolen(), path)).status, path).toBe(401);
    }
    expect((await trpcMutation(stolen(), 'account.updateSettings', { timeZone: 'UTC' })).status).toBe(401);
    expect((await chatRequest(stolen(), { id: crypto.randomUUID(), trigger: 'submit-message', message: { text: 'hi' } })).status).toBe(401);
  });

  it('a validly signed cookie without a session row (issued before the registry) is refused', async () => {
    const { client } = await signedIn('erin');
    const me = (await (await trpcQuery(client.headers(), 'account.me')).json()) as { result: { data: { json: { id: string } } } };
    const legacy = await encode({ token: { sub: me.result.data.json.id }, secret: AUTH_SECRET, salt: 'authjs.session-token' });
    expect((await trpcQuery(new Headers({ cookie: `authjs.session-token=${legacy}` }), 'account.me')).status).toBe(401);
  });

  it('takes the client address from the right of X-Forwarded-For, past what a client could forge', () => {
    const headers = new Headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' });
    expect(clientAddress(headers, 1)).toBe('203.0.113.9');
  });
});
