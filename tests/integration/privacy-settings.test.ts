/** Privacy settings: retention / memory on-off / time zone, and "don't remember this conversation". */
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDb } from '@/db/boundary';
import { conversations } from '@/db/schema';
import { isConversationMemoryDisabled } from '@/server/chat/conversations';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { memoriesOf } from '../helpers/memories';
import { callerFor } from '../helpers/trpc';

async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

const FACTS = "I'm vegetarian and I live in Berlin.";

describe('privacy settings', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('updateSettings round-trips each field and leaves the others alone', async () => {
    const user = await seedUser(t.db, 'settings');
    const api = callerFor(t, user).account;
    expect(await api.settings()).toEqual({ timeZone: 'UTC', retentionDays: 30, memoryEnabled: true, memoryNotices: true });
    for (const retentionDays of [7, 90, null, 30] as const) {
      expect(await api.updateSettings({ retentionDays })).toMatchObject({ retentionDays });
      expect((await api.settings()).retentionDays).toBe(retentionDays);
    }
    await api.updateSettings({ memoryEnabled: false });
    await api.updateSettings({ timeZone: 'America/New_York' });
    expect(await api.settings()).toEqual({ timeZone: 'America/New_York', retentionDays: 30, memoryEnabled: false, memoryNotices: true });
    await api.updateSettings({ memoryEnabled: true });
    expect(await api.settings()).toEqual({ timeZone: 'America/New_York', retentionDays: 30, memoryEnabled: true, memoryNotices: true });
  });

  it.each([
    [{ retentionDays: 14 }, 'Retention must be 7, 30 or 90 days'],
    [{ retentionDays: '30' }, 'Retention must be 7, 30 or 90 days'],
    [{ memoryEnabled: 'no' }, 'expected boolean'],
    [{ timeZone: 'Europe/Atlantis' }, 'Unknown time zone'],
    [{ timeZone: '' }, 'Unknown time zone'],
  ])('rejects %j with BAD_REQUEST and changes nothing', async (input, message) => {
    const user = await seedUser(t.db, 'bad-settings');
    const api = callerFor(t, user).account;
    await api.updateSettings({ retentionDays: 7 });
    const before = await api.settings();
    const error = await errorOf(api.updateSettings(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message.toLowerCase()).toContain(message.toLowerCase());
    expect(await api.settings()).toEqual(before);
  });

  it('with memory off a chat turn stores no memories; turned back on, the same turn does', async () => {
    const user = await seedUser(t.db, 'memory-off');
    const jobs = testJobs(t);
    await callerFor(t, user).account.updateSettings({ memoryEnabled: false });
    await chatTurn(t, jobs, user, crypto.randomUUID(), FACTS);
    expect(await memoriesOf(t, user.id)).toEqual([]);

    // Control: the same message is memory-worthy when memory is on.
    await callerFor(t, user).account.updateSettings({ memoryEnabled: true });
    await chatTurn(t, jobs, user, crypto.randomUUID(), FACTS);
    expect((await memoriesOf(t, user.id)).length).toBeGreaterThan(0);
  });

  it('a conversation marked "don\'t remember" yields no memories while other conversations still do', async () => {
    const user = await seedUser(t.db, 'conv-off');
    const jobs = testJobs(t);
    const quiet = crypto.randomUUID();
    await chatTurn(t, jobs, user, quiet, 'Hello there.');
    expect(await callerFor(t, user).conversations.setMemoryDisabled({ id: quiet, disabled: true })).toEqual({ id: quiet, memoryDisabled: true });
    await chatTurn(t, jobs, user, quiet, FACTS);
    expect(await memoriesOf(t, user.id)).toEqual([]);
    await chatTurn(t, jobs, user, crypto.randomUUID(), FACTS);
    expect((await memoriesOf(t, user.id)).length).toBeGreaterThan(0);
  });
});

describe('conversations.setMemoryDisabled', () => {
  let t: TestDatabase;
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };
  let aliceConversation: string;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    alice = await seedUser(t.db, 'alice');
    bob = await seedUser(t.db, 'bob');
    aliceConversation = crypto.randomUUID();
    await t.db.execute(sql`insert into conversations (id, user_id, title) values (${aliceConversation}, ${alice.id}, 'Trip')`);
  });
  afterAll(async () => t?.close());

  const flagOf = async (id: string) =>
    (await t.db.select({ flag: conversations.memoryDisabled, updatedAt: conversations.updatedAt }).from(conversations).where(eq(conversations.id, id)))[0];

  it('sets and clears the flag for the owner without reordering the conversation list', async () => {
    const api = callerFor(t, alice).conversations;
    const before = await flagOf(aliceConversation);
    expect(before?.flag).toBe(false);
    expect(await api.setMemoryDisabled({ id: aliceConversation, disabled: true })).toEqual({ id: aliceConversation, memoryDisabled: true });
    expect(await flagOf(aliceConversation)).toEqual({ flag: true, updatedAt: before!.updatedAt });
    expect(await api.setMemoryDisabled({ id: aliceConversation, disabled: false })).toEqual({ id: aliceConversation, memoryDisabled: false });
    expect((await flagOf(aliceConversation))?.flag).toBe(false);
  });

  it('isConversationMemoryDisabled reads the flag inside the boundary only', async () => {
    await callerFor(t, alice).conversations.setMemoryDisabled({ id: aliceConversation, disabled: true });
    expect(await isConversationMemoryDisabled(userDb(t.withUser, alice.id), aliceConversation)).toBe(true);
    expect(await isConversationMemoryDisabled(userDb(t.withUser, bob.id), aliceConversation)).toBe(false);
    await callerFor(t, alice).conversations.setMemoryDisabled({ id: aliceConversation, disabled: false });
    expect(await isConversationMemoryDisabled(userDb(t.withUser, alice.id), aliceConversation)).toBe(false);
  });

  it("another user's id is NOT_FOUND and the flag does not move", async () => {
    const error = await errorOf(callerFor(t, bob).conversations.setMemoryDisabled({ id: aliceConversation, disabled: true }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/does not exist/);
    expect((await flagOf(aliceConversation))?.flag).toBe(false);
  });

  it('unknown ids are NOT_FOUND; malformed input is BAD_REQUEST; signed out is UNAUTHORIZED', async () => {
    const api = callerFor(t, alice).conversations;
    expect((await errorOf(api.setMemoryDisabled({ id: crypto.randomUUID(), disabled: true }))).code).toBe('NOT_FOUND');
    expect((await errorOf(api.setMemoryDisabled({ id: 'nope', disabled: true }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.setMemoryDisabled({ id: aliceConversation, disabled: 'yes' } as never))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.setMemoryDisabled({ id: aliceConversation, disabled: true, userId: bob.id } as never))).code).toBe('BAD_REQUEST');
    expect((await errorOf(callerFor(t, null).conversations.setMemoryDisabled({ id: aliceConversation, disabled: true }))).code).toBe(
      'UNAUTHORIZED',
    );
    expect((await flagOf(aliceConversation))?.flag).toBe(false);
  });
});
