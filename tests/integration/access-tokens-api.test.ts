/** Settings → Connected apps through tRPC (issue 17): token management and its isolation. */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDb } from '@/db/boundary';
import { accessTokens } from '@/db/schema';
import { createAccessTokensRouter } from '@/server/api/routers/access-tokens';
import { createCallerFactory, createRouter } from '@/server/api/trpc';
import { config } from '@/server/config';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { testLauncher } from '../helpers/jobs';
import { callOk, connectClient, mcpDepsFor, TEST_PEPPER } from '../helpers/mcp';
import { seedMemory } from './memories-helpers';

let t: TestDatabase;
const createCaller = createCallerFactory(createRouter({ accessTokens: createAccessTokensRouter(() => TEST_PEPPER) }));
const apps = (user: { id: string } | null) =>
  createCaller({ user: user ? { id: user.id, email: null, name: null } : null, db: user ? userDb(t.withUser, user.id) : null, jobs: testLauncher(t) }).accessTokens;

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

describe('connected apps API', () => {
  it('shows the token once and stores only its hash', async () => {
    const user = await seedUser(t.db, 'apps-create');
    const { token, item } = await apps(user).create({ name: 'Cursor', scope: 'read', expiresInDays: 30 });
    expect(token).toMatch(/^mb_pat_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({ name: 'Cursor', scope: 'read', state: 'active', hint: token.slice(0, 11), lastUsedAt: null });
    expect(item.expiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const listed = await apps(user).list();
    expect(listed.map((i) => i.id)).toEqual([item.id]);
    expect(JSON.stringify(listed)).not.toContain(token.slice(11));
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, item.id));
    expect(JSON.stringify(row)).not.toContain(token.slice(11));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad input with a message naming the field', async () => {
    const user = await seedUser(t.db, 'apps-bad');
    const caller = apps(user);
    expect(await codeOf(caller.create({ name: '  ', scope: 'read', expiresInDays: null }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/name/) as unknown });
    expect((await codeOf(caller.create({ name: 'two\nlines', scope: 'read', expiresInDays: null }))).message).toMatch(/line breaks/);
    expect((await codeOf(caller.create({ name: 'a'.repeat(61), scope: 'read', expiresInDays: null }))).message).toMatch(/at most 60/);
    expect((await codeOf(caller.create({ name: 'x', scope: 'admin' as 'read', expiresInDays: null }))).message).toMatch(/Scope/);
    expect((await codeOf(caller.create({ name: 'x', scope: 'read', expiresInDays: 5 as 7 }))).message).toMatch(/Expiry/);
    expect((await codeOf(caller.create({ name: 'nul\u0000', scope: 'read', expiresInDays: null }))).code).toBe('BAD_REQUEST');
    expect((await codeOf(caller.revoke({ id: 'not-a-uuid' }))).message).toMatch(/UUID/);
    expect(await caller.list()).toEqual([]);
    expect((await codeOf(apps(null).list())).code).toBe('UNAUTHORIZED');
  });

  it(`caps live tokens at ${config.mcp.maxTokensPerUser} per user`, async () => {
    const user = await seedUser(t.db, 'apps-cap');
    const caller = apps(user);
    const made = [];
    for (let i = 0; i < config.mcp.maxTokensPerUser; i += 1) made.push(await caller.create({ name: `App ${i}`, scope: 'read', expiresInDays: null }));
    expect((await codeOf(caller.create({ name: 'One too many', scope: 'read', expiresInDays: null }))).code).toBe('CONFLICT');
    await caller.revoke({ id: made[0]!.item.id });
    await caller.create({ name: 'Room again', scope: 'read', expiresInDays: null });
  });

  it("one user can neither see nor pause, revoke or read the activity of another's app", async () => {
    const alice = await seedUser(t.db, 'apps-alice');
    const bob = await seedUser(t.db, 'apps-bob');
    const { token, item } = await apps(alice).create({ name: 'Alice agent', scope: 'read_write', expiresInDays: null });
    await apps(bob).create({ name: 'Bob agent', scope: 'read', expiresInDays: null });
    expect((await apps(bob).list()).map((i) => i.name)).toEqual(['Bob agent']);
    for (const attempt of [apps(bob).setPaused({ id: item.id, paused: true }), apps(bob).revoke({ id: item.id }), apps(bob).activity({ id: item.id })]) {
      expect(await codeOf(attempt)).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Alice's app is untouched and still gets in.
    expect((await apps(alice).list())[0]).toMatchObject({ state: 'active', pausedAt: null, revokedAt: null });
    await connectClient(mcpDepsFor(t), token).then((c) => c.close());
  });

  it('pause, resume and revoke change the state the list shows', async () => {
    const user = await seedUser(t.db, 'apps-state');
    const caller = apps(user);
    const { item } = await caller.create({ name: 'Agent', scope: 'read', expiresInDays: null });
    expect((await caller.setPaused({ id: item.id, paused: true })).state).toBe('paused');
    expect((await caller.setPaused({ id: item.id, paused: false })).state).toBe('active');
    expect((await caller.revoke({ id: item.id })).state).toBe('revoked');
    expect((await codeOf(caller.setPaused({ id: item.id, paused: false }))).code).toBe('CONFLICT');
  });

  it("lists an app's reads (with the memories it got) and its writes", async () => {
    const user = await seedUser(t.db, 'apps-activity');
    const seeded = await seedMemory(t, user, { summary: 'Loves hiking in the Alps', importance: 4 });
    const { token, item } = await apps(user).create({ name: 'Hiker bot', scope: 'read_write', expiresInDays: null });
    const client = await connectClient(mcpDepsFor(t), token);
    await callOk(client, 'search_memories', { query: 'hiking Alps' });
    await callOk(client, 'remember', { text: 'I prefer window seats on trains' });
    await client.close();
    const activity = await apps(user).activity({ id: item.id });
    expect(activity.token).toMatchObject({ name: 'Hiker bot', lastClient: 'vitest-client 1.0.0' });
    expect(activity.token.lastUsedAt).not.toBeNull();
    const read = activity.entries.find((e) => e.tool === 'search_memories');
    expect(read?.memories).toContainEqual({ id: seeded.id, summary: 'Loves hiking in the Alps' });
    expect(activity.entries.find((e) => e.action === 'memory.created')?.summary).toMatch(/window seats/);
  });
});
