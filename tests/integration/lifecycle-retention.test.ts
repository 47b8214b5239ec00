/**
 * Raw-log retention (SPEC §1): messages of conversations distilled longer ago than the user's
 * setting are purged; memories, their quotes and sources stay; 7/30/90/forever; other users'
 * conversations are never touched; audit, dry run and re-runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '@/db/rows';
import { auditLog, conversations, memories, memorySources, messages, userSettings } from '@/db/schema';
import { InProcessSteps } from '@/server/steps';
import { addDays } from '@/server/lifecycle/clock';
import type { JobRequest } from '@/server/lifecycle/run-decay';
import { runRetention } from '@/server/lifecycle/run-retention';
import { createMemory } from '@/server/memory/repository';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

const base = new Date();
const day = (n: number) => addDays(base, n);
const steps = () => new InProcessSteps(() => Promise.reject(new Error('no events')));

describe('retention job', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  const retention = (now: Date, extra: Partial<JobRequest> = {}) => runRetention(steps(), { now, ...extra }, { withUser: t.withUser, withSystem: t.withSystem });

  async function user(label: string, retentionDays: number | null | 'unset') {
    const u = await seedUser(t.db, label);
    if (retentionDays !== 'unset') await t.db.insert(userSettings).values({ userId: u.id, retentionDays });
    return u;
  }

  /**
   * A conversation distilled `distilledDaysAgo` before base: two extracted messages (a memory
   * quotes the first) and one newer message the pipeline has not read yet.
   */
  async function conversation(userId: string, distilledDaysAgo: number) {
    const [c] = await t.db.insert(conversations).values({ userId, title: `distilled ${distilledDaysAgo}d ago` }).returning();
    const at = (n: number) => addDays(day(-distilledDaysAgo), n / 1440);
    const [said, reply, unread] = await t.db
      .insert(messages)
      .values([
        { conversationId: c!.id, userId, role: 'user', content: 'I keep bees in my garden.', createdAt: at(-2) },
        { conversationId: c!.id, userId, role: 'assistant', content: 'Lovely!', createdAt: at(-1) },
        { conversationId: c!.id, userId, role: 'user', content: 'Also, one more thing…', createdAt: at(1) },
      ])
      .returning();
    await t.db
      .update(conversations)
      .set({ distilledAt: day(-distilledDaysAgo), extractedThroughAt: reply!.createdAt, extractedThroughId: reply!.id })
      .where(eq(conversations.id, c!.id));
    const memory = await t.withUser(userId, (tx) =>
      createMemory(
        tx,
        { userId, type: 'semantic', kind: 'fact', summary: 'Keeps bees', quote: 'I keep bees', status: 'active', sourceConversationId: c!.id, sourceMessageId: said!.id },
        { actor: 'extractor', reason: 'seed' },
      ),
    );
    return { id: c!.id, said: said!, unread: unread!, memory };
  }

  const messageIds = async (conversationId: string) =>
    (await t.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId))).map((m) => m.id);

  it('purges extracted messages past retention, keeps memories, quotes, sources and unread messages', async () => {
    const u = await user('purge', 30);
    const old = await conversation(u.id, 31);
    const recent = await conversation(u.id, 29);
    const report = await retention(base, { userId: u.id });
    expect(report.counts).toEqual({ messages_purged: 2, conversations_purged: 1 });
    expect(await messageIds(old.id)).toEqual([old.unread.id]);
    expect(await messageIds(recent.id)).toHaveLength(3);

    const [memory] = await t.db.select().from(memories).where(eq(memories.id, old.memory.id));
    expect(memory).toMatchObject({ status: 'active', quote: 'I keep bees', sourceConversationId: old.id, sourceMessageId: old.said.id });
    expect(await t.db.select().from(memorySources).where(eq(memorySources.memoryId, old.memory.id))).toEqual([
      expect.objectContaining({ quote: 'I keep bees', messageId: old.said.id }),
    ]);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, old.id))).toHaveLength(1);

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, u.id), eq(auditLog.action, 'messages.purged')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'job:retention', memoryId: null });
    expect(audit[0]?.detail).toMatchObject({ retentionDays: 30, messages: 2, conversations: [{ id: old.id, messages: 2 }] });

    // Re-running changes nothing and writes no second audit entry.
    const again = await retention(base, { userId: u.id });
    expect(again.changes).toEqual([]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.userId, u.id), eq(auditLog.action, 'messages.purged')))).toHaveLength(1);
  });

  it('respects 7 / 30 / 90 days, forever, and the 30-day default without a settings row', async () => {
    const setups = [
      { days: 7, expect: [true, true, true] },
      { days: 30, expect: [false, true, true] },
      { days: 90, expect: [false, false, true] },
      { days: null, expect: [false, false, false] },
      { days: 'unset', expect: [false, true, true] },
    ] as const;
    const seeded = [];
    for (const s of setups) {
      const u = await user(`days-${String(s.days)}`, s.days);
      seeded.push({ u, s, convs: [await conversation(u.id, 8), await conversation(u.id, 31), await conversation(u.id, 91)] });
    }
    for (const { u, s, convs } of seeded) {
      await retention(base, { userId: u.id });
      const purged = await Promise.all(convs.map(async (c) => (await messageIds(c.id)).length === 1));
      expect({ days: s.days, purged }).toEqual({ days: s.days, purged: [...s.expect] });
    }
  });

  it('a run for one user never touches another user\'s conversations; a full run does each under its own setting', async () => {
    const a = await user('iso-a', 7);
    const b = await user('iso-b', 7);
    const forever = await user('iso-forever', null);
    const ca = await conversation(a.id, 10);
    const cb = await conversation(b.id, 10);
    const cf = await conversation(forever.id, 1000);
    await retention(base, { userId: a.id });
    expect(await messageIds(ca.id)).toHaveLength(1);
    expect(await messageIds(cb.id)).toHaveLength(3);

    const report = await retention(base);
    expect(report.changes.filter((c) => c.userId === b.id)).toHaveLength(1);
    expect(report.changes.some((c) => c.userId === a.id || c.userId === forever.id)).toBe(false);
    expect(await messageIds(cb.id)).toHaveLength(1);
    expect(await messageIds(cf.id)).toHaveLength(3);
  });

  it('--dry-run lists what would be purged and deletes nothing', async () => {
    const u = await user('dry', 7);
    const c = await conversation(u.id, 10);
    const report = await retention(base, { userId: u.id, dryRun: true });
    expect(report).toMatchObject({ dryRun: true, counts: { messages_purged: 2, conversations_purged: 1 } });
    expect(report.changes).toEqual([expect.objectContaining({ summary: 'distilled 10d ago', from: '2 message(s)', to: 'purged' })]);
    expect(await messageIds(c.id)).toHaveLength(3);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.userId, u.id), eq(auditLog.action, 'messages.purged')))).toEqual([]);
  });

  it('a watermark at millisecond precision still covers its message stored with microseconds (Postgres)', async () => {
    const u = await user('precision', 7);
    const [c] = await t.db.insert(conversations).values({ userId: u.id, title: 'db clock' }).returning();
    const ts = (suffix: string) => `${day(-12).toISOString().slice(0, 19)}.${suffix}Z`;
    const [said, reply, later] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into messages (conversation_id, user_id, role, content, created_at) values
            (${c!.id}, ${u.id}, 'user', 'one', ${ts('497100')}::timestamptz),
            (${c!.id}, ${u.id}, 'assistant', 'two', ${ts('497300')}::timestamptz),
            (${c!.id}, ${u.id}, 'user', 'three', ${ts('498200')}::timestamptz)
          returning id`,
    );
    // What the pipeline stores: the reply's time as a JS Date, i.e. cut to .497.
    await t.db
      .update(conversations)
      .set({ distilledAt: day(-10), extractedThroughAt: new Date(ts('497300')), extractedThroughId: reply!.id })
      .where(eq(conversations.id, c!.id));
    await retention(base, { userId: u.id });
    const left = await messageIds(c!.id);
    expect(left).toContain(later!.id);
    expect(left).not.toContain(reply!.id);
    expect(left).not.toContain(said!.id);
  });

  it('moving the clock forward purges later: 7-day setting, distilled yesterday, purged after a week', async () => {
    const u = await user('travel', 7);
    const c = await conversation(u.id, 1);
    await retention(day(5), { userId: u.id });
    expect(await messageIds(c.id)).toHaveLength(3);
    await retention(day(7), { userId: u.id });
    expect(await messageIds(c.id)).toHaveLength(1);
  });
});
