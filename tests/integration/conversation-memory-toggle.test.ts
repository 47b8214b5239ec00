/** "Don't remember this conversation" as the chat UI uses it: get/list show it, a new chat can set it first. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '@/db/schema';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { memoriesOf } from '../helpers/memories';
import { callerFor } from '../helpers/trpc';
import { errorOf } from './memories-helpers';

const FACTS = "I'm vegetarian and I live in Berlin.";

describe('conversations: the memoryDisabled flag in get and list', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  const rowOf = async (id: string) => (await t.db.select().from(conversations).where(eq(conversations.id, id)))[0];

  it('get, list and rename return the flag; it follows setMemoryDisabled', async () => {
    const user = await seedUser(t.db, 'flag');
    const api = callerFor(t, user).conversations;
    const id = crypto.randomUUID();
    await chatTurn(t, testJobs(t), user, id, 'Hello there.');

    expect((await api.get({ id })).memoryDisabled).toBe(false);
    await api.setMemoryDisabled({ id, disabled: true });
    const got = await api.get({ id });
    expect(got.memoryDisabled).toBe(true);
    expect(got.messages).toHaveLength(2);
    expect((await api.list({})).items.find((c) => c.id === id)?.memoryDisabled).toBe(true);
    expect((await api.rename({ id, title: 'Quiet chat' })).memoryDisabled).toBe(true);
    await api.setMemoryDisabled({ id, disabled: false });
    expect((await api.get({ id })).memoryDisabled).toBe(false);
  });

  it('create: a new chat marked before its first message yields no memories from that message', async () => {
    const user = await seedUser(t.db, 'create');
    const api = callerFor(t, user).conversations;
    const id = crypto.randomUUID();
    expect(await api.setMemoryDisabled({ id, disabled: true, create: true })).toEqual({ id, memoryDisabled: true });
    expect(await rowOf(id)).toMatchObject({ userId: user.id, memoryDisabled: true, title: null });
    expect((await api.get({ id })).messages).toEqual([]);

    await chatTurn(t, testJobs(t), user, id, FACTS);
    expect((await api.get({ id })).messages).toHaveLength(2);
    expect(await memoriesOf(t, user.id)).toEqual([]);

    // Control: the same first message in an unmarked new chat is remembered.
    await chatTurn(t, testJobs(t), user, crypto.randomUUID(), FACTS);
    expect((await memoriesOf(t, user.id)).length).toBeGreaterThan(0);
  });

  /**
   * The extraction job runs after the reply (and later still on Inngest, debounced): switching
   * memory back on before it runs must not pull in what was said while it was off. CI caught this
   * in the browser ("Remember that I like tea" said off, stored once the switch went back on).
   */
  it.each([
    ['this conversation switched off', async (api: ReturnType<typeof callerFor>, id: string, off: boolean) => void (await api.conversations.setMemoryDisabled({ id, disabled: off, create: true }))],
    ['memory switched off in settings', async (api: ReturnType<typeof callerFor>, _id: string, off: boolean) => void (await api.account.updateSettings({ memoryEnabled: !off }))],
  ])('%s: a message sent then stays unremembered when the switch is back on before its job runs', async (_label, setOff) => {
    const user = await seedUser(t.db, 'late-job');
    const api = callerFor(t, user);
    const jobs = testJobs(t);
    const id = crypto.randomUUID();
    await setOff(api, id, true);
    const held: (() => Promise<void>)[] = [];
    await chatTurn(t, jobs, user, id, FACTS, { defer: (task) => void held.push(task) });
    await setOff(api, id, false);
    for (const task of held) await task();
    await jobs.provider.idle();
    expect(await memoriesOf(t, user.id)).toEqual([]);

    // Control: said now, in the same conversation, it is remembered (and the earlier words are not).
    await chatTurn(t, jobs, user, id, 'I work as a nurse at the city hospital.');
    const summaries = (await memoriesOf(t, user.id)).map((m) => m.summary).join(' | ');
    expect(summaries).toMatch(/nurse/i);
    expect(summaries).not.toMatch(/vegetarian|Berlin/i);
  });

  it('create on an existing conversation only sets the flag', async () => {
    const user = await seedUser(t.db, 'create-existing');
    const api = callerFor(t, user).conversations;
    const id = crypto.randomUUID();
    await chatTurn(t, testJobs(t), user, id, 'Hello there.');
    await api.setMemoryDisabled({ id, disabled: true, create: true });
    const got = await api.get({ id });
    expect(got.memoryDisabled).toBe(true);
    expect(got.messages).toHaveLength(2);
  });

  it("isolation: another user's conversation id is NOT_FOUND, with or without create, and nothing changes", async () => {
    const alice = await seedUser(t.db, 'alice');
    const bob = await seedUser(t.db, 'bob');
    const id = crypto.randomUUID();
    await chatTurn(t, testJobs(t), alice, id, 'Hello there.');
    const before = await rowOf(id);
    const bobApi = callerFor(t, bob).conversations;

    expect((await errorOf(bobApi.get({ id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(bobApi.setMemoryDisabled({ id, disabled: true, create: true }))).code).toBe('NOT_FOUND');
    expect((await errorOf(bobApi.setMemoryDisabled({ id, disabled: true }))).code).toBe('NOT_FOUND');
    expect((await bobApi.list({})).items.map((c) => c.id)).not.toContain(id);
    expect(await rowOf(id)).toEqual(before);
    expect(await t.db.select().from(conversations).where(eq(conversations.userId, bob.id))).toEqual([]);
    expect((await t.db.select().from(messages).where(eq(messages.conversationId, id))).every((m) => m.userId === alice.id)).toBe(true);
  });

  it('the isolation check bites: with the conversations policy loosened, B could flip A’s flag (then restored)', async () => {
    const alice = await seedUser(t.db, 'alice-m');
    const bob = await seedUser(t.db, 'bob-m');
    const id = crypto.randomUUID();
    await chatTurn(t, testJobs(t), alice, id, 'Hello there.');
    const owner = sql`user_id = nullif(current_setting('app.user_id', true), '')`;
    await t.db.execute(sql`alter policy owner_only on conversations using (true) with check (true)`);
    try {
      expect(await callerFor(t, bob).conversations.setMemoryDisabled({ id, disabled: true, create: true })).toEqual({ id, memoryDisabled: true });
    } finally {
      await t.db.execute(sql`alter policy owner_only on conversations using (${owner}) with check (${owner})`);
    }
    await callerFor(t, alice).conversations.setMemoryDisabled({ id, disabled: false });
    expect((await errorOf(callerFor(t, bob).conversations.setMemoryDisabled({ id, disabled: true, create: true }))).code).toBe('NOT_FOUND');
    expect((await rowOf(id))?.memoryDisabled).toBe(false);
  });

  it('bad input: create must be a boolean', async () => {
    const user = await seedUser(t.db, 'bad');
    const api = callerFor(t, user).conversations;
    expect((await errorOf(api.setMemoryDisabled({ id: crypto.randomUUID(), disabled: true, create: 'yes' } as never))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.setMemoryDisabled({ id: 'nope', disabled: true, create: true }))).code).toBe('BAD_REQUEST');
  });
});
