/**
 * Issue 14, item 1 for erasures: "delete all" and account deletion hide everything they cover
 * in the request's one short transaction, then a background job deletes it a chunk per
 * transaction; an interrupted sweep is finished at start-up; the Inngest function runs the same
 * body step by step.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bulkJobs, conversations, memories, messages, users } from '@/db/schema';
import { erasureRequested } from '@/server/events/contracts';
import { inngestFunction } from '@/inngest/function';
import { eraseMemoriesJob } from '@/server/jobs/definitions/erase-memories';
import { resumeBulkJobs } from '@/server/bulk/resume';
import { runErasure } from '@/server/bulk/run-erasure';
import { createTestDatabase, DRIVERS, seedUser, type TestDatabase } from '../helpers/db';
import { dyingSteps, heldLauncher, jobData, jobRow, memoryCount, observedWithUser, stepsInProcess } from '../helpers/bulk';
import { testJobs } from '../helpers/jobs';
import { callerFor } from '../helpers/trpc';
import { errorOf, memoriesFor, seedMemory, testEmbedder } from './memories-helpers';

const SIZES = { eraseMemoryChunk: 4, eraseRowChunk: 3, eraseStepTransactions: 2 };

async function seedMany(t: TestDatabase, user: { id: string }, n: number, label: string) {
  for (let i = 0; i < n; i += 1) await seedMemory(t, user, { summary: `${label} memory ${i + 1} about the garden shed` });
}

async function seedConversation(t: TestDatabase, user: { id: string }, messagesCount: number) {
  const [conversation] = await t.db.insert(conversations).values({ userId: user.id, title: 'Garden plans' }).returning();
  for (let i = 0; i < messagesCount; i += 1) {
    await t.db.insert(messages).values({ conversationId: conversation!.id, userId: user.id, role: i % 2 ? 'assistant' : 'user', content: `message ${i}` });
  }
  return conversation!;
}

/** What the user can see of their own data through the app's role. */
async function visibleToUser(t: TestDatabase, userId: string) {
  return t.withUser(userId, async (tx) => ({
    memories: (await tx.select({ n: count() }).from(memories))[0]?.n,
    conversations: (await tx.select({ n: count() }).from(conversations))[0]?.n,
    messages: (await tx.select({ n: count() }).from(messages))[0]?.n,
    auditAboutMemories: (await tx.select({ n: count() }).from(auditLog).where(sql`${auditLog.memoryId} is not null`))[0]?.n,
  }));
}

describe.each(DRIVERS)('erasure as a background job (%s)', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
  });
  afterAll(async () => t?.close());

  it('"delete all" hides every memory the moment it returns, then the sweep removes them a few per transaction', async () => {
    const user = await seedUser(t.db, 'delete-all-job');
    await seedMany(t, user, 15, 'sweep');
    const [kept] = await t.db.select().from(memories).where(eq(memories.userId, user.id)).limit(1);
    const launcher = heldLauncher();
    const api = memoriesFor(t, user, launcher);
    const started = await api.deleteAll({ confirm: 'DELETE ALL' });
    expect(started).toMatchObject({ status: 'running', phase: 'sweeping', memories: 15, done: 0 });

    // Nothing swept yet, yet nothing can be read: list, get, export, audit entries about them.
    expect(await memoryCount(t, user.id)).toBe(15);
    expect(await visibleToUser(t, user.id)).toMatchObject({ memories: 0, auditAboutMemories: 0 });
    expect((await api.list({})).items).toEqual([]);
    expect((await errorOf(api.get({ id: kept!.id }))).code).toBe('NOT_FOUND');
    expect((await api.export({ format: 'json' })).count).toBe(0);
    expect(await api.deleteAllStatus()).toMatchObject({ status: 'running', memories: 15 });
    // A memory written after the request is not covered.
    const later = await seedMemory(t, user, { summary: 'Said after deleting everything' });
    expect((await api.list({})).items.map((m) => m.id)).toEqual([later.id]);

    const observed = observedWithUser(t, user.id, () => launcher.held[0]!.id);
    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { withUser: observed.withUser, sizes: SIZES } });
    expect(await runErasure(stepsInProcess(), jobData(launcher.held[0]!), jobs.deps.bulk)).toMatchObject({ status: 'done' });
    expect(observed.largestStep()).toBe(4);
    expect(observed.seen.filter((s, i) => s.memories < (observed.seen[i - 1]?.memories ?? 16)).length).toBeGreaterThanOrEqual(4);
    const rows = await t.db.select({ id: memories.id }).from(memories).where(eq(memories.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([later.id]);
    const status = await api.deleteAllStatus();
    expect(status).toMatchObject({ status: 'done', phase: 'done', memories: 15, done: 15 });
    expect(status?.versions).toBeGreaterThanOrEqual(15);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'memory.deleted_all'), eq(auditLog.userId, user.id)));
    expect(entry?.detail).toMatchObject({ memories: 15, versions: status?.versions, vectors: status?.vectors });
  });

  it('account deletion makes everything unreadable at once, then the sweep deletes it all and the account row last', async () => {
    const user = await seedUser(t.db, 'delete-account-job');
    await seedMany(t, user, 9, 'account');
    await seedConversation(t, user, 7);
    const launcher = heldLauncher();
    expect(await callerFor(t, user, launcher).account.deleteAccount({ confirm: user.email })).toEqual({ deleted: true });

    expect(await visibleToUser(t, user.id)).toEqual({ memories: 0, conversations: 0, messages: 0, auditAboutMemories: 0 });
    expect(await memoryCount(t, user.id)).toBe(9);
    const [freed] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(freed).toEqual({ email: null });

    const job = launcher.held[0]!;
    const observed = observedWithUser(t, user.id, () => null);
    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { withUser: observed.withUser, sizes: SIZES } });
    await runErasure(stepsInProcess(), jobData(job), jobs.deps.bulk);
    expect(observed.largestStep()).toBe(4);
    for (const table of [users, memories, conversations, messages, auditLog, bulkJobs] as const) {
      const [n] = await t.db.select({ n: count() }).from(table).where(eq(table === users ? users.id : (table as typeof memories).userId, user.id));
      expect(n?.n).toBe(0);
    }
  });

  it('a sweep a dead process left half done is finished at start-up', async () => {
    const user = await seedUser(t.db, 'delete-all-resume');
    await seedMany(t, user, 12, 'resume');
    const launcher = heldLauncher();
    await memoriesFor(t, user, launcher).deleteAll({ confirm: 'DELETE ALL' });
    const job = launcher.held[0]!;
    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { sizes: { ...SIZES, eraseStepTransactions: 1 } } });
    // Dies after load and one sweep step (one transaction of 4 memories).
    await expect(runErasure(dyingSteps(2), jobData(job), jobs.deps.bulk)).rejects.toThrow('process killed');
    expect(await memoryCount(t, user.id)).toBe(8);
    expect(await jobRow(t, job.id)).toMatchObject({ status: 'running', done: 4 });

    await resumeBulkJobs(t.withSystem, jobs.launcher);
    expect(await memoryCount(t, user.id)).toBe(0);
    expect(await memoriesFor(t, user).deleteAllStatus()).toMatchObject({ status: 'done', phase: 'done', memories: 12, done: 12 });
  });
});

describe('the erase-memories Inngest function', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('runs load, the sweep steps, finish and the disk erasure', async () => {
    const user = await seedUser(t.db, 'inngest-erase');
    await seedMany(t, user, 10, 'inngest');
    const launcher = heldLauncher();
    await memoriesFor(t, user, launcher).deleteAll({ confirm: 'DELETE ALL' });
    const erased: unknown[] = [];
    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { sizes: SIZES, eraseOnDisk: (tables) => Promise.resolve(erased.push(tables)) } });
    const event = erasureRequested.create(jobData(launcher.held[0]!));
    const result = await new InngestTestEngine({ function: inngestFunction(eraseMemoriesJob, jobs.deps), events: [event] }).execute();
    expect(result.error).toBeUndefined();
    expect(result.result).toMatchObject({ status: 'done' });
    // 10 memories, 4 per transaction, 2 transactions per step: 3 steps, the last finding nothing left.
    const ids = (result.ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0]);
    expect(ids).toEqual(['load', 'sweep-0', 'sweep-1', 'finish', 'erase-on-disk']);
    expect(erased).toHaveLength(1);
    expect((erased[0] as { rewrite: string[] }).rewrite).toEqual(expect.arrayContaining(['memories', 'memory_versions', 'audit_log']));
    expect(await memoryCount(t, user.id)).toBe(0);
  });
});
