/**
 * Issue 14, item 1: an import is a background job. The request validates and stages the file;
 * the job writes it a few memories per transaction and reports; a failure mid-way undoes what it
 * wrote (the compensating delete); one job per user at a time; a job a dead process left half
 * done is finished at start-up; the Inngest function runs the same body step by step.
 */
import { and, count, eq } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bulkJobs, importItems, memories, memoryEmbeddings } from '@/db/schema';
import { importRequested } from '@/server/events/contracts';
import { inngestFunction } from '@/inngest/function';
import { importMemoriesJob } from '@/server/jobs/definitions/import-memories';
import { resumeBulkJobs } from '@/server/bulk/resume';
import { runImport } from '@/server/bulk/run-import';
import type { Embedder } from '@/server/memory/embedder';
import { IMPORT_REASON } from '@/server/memory/manage/import-write';
import { createTestDatabase, DRIVERS, seedUser, type TestDatabase } from '../helpers/db';
import { distinctSummaries, dyingSteps, heldLauncher, importFile, jobData, jobRow, memoryCount, observedWithUser, stagedCount, stepsInProcess } from '../helpers/bulk';
import { testJobs } from '../helpers/jobs';
import { errorOf, memoriesFor, seedMemory, testEmbedder } from './memories-helpers';

const SIZES = { importWriteChunk: 3, importEmbedBatch: 7, importStepItems: 10, eraseMemoryChunk: 4, eraseRowChunk: 5, eraseStepTransactions: 3 };

/** The test embedder, counting calls and batch sizes; `failOn` makes call n (1-based) throw. */
function countingEmbedder(failOn?: number): Embedder & { batches: number[] } {
  const batches: number[] = [];
  return {
    ...testEmbedder,
    batches,
    embed(texts) {
      batches.push(texts.length);
      if (batches.length === failOn) return Promise.reject(new Error('embedding request timed out'));
      return testEmbedder.embed(texts);
    },
  };
}

describe.each(DRIVERS)('import as a background job (%s)', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
  });
  afterAll(async () => t?.close());

  /** Starts an import whose job waits for the test to run it. */
  async function staged(user: { id: string }, summaries: string[]) {
    const launcher = heldLauncher();
    const started = await memoriesFor(t, user, launcher).import({ json: importFile(summaries) });
    const job = launcher.held[0];
    if (!job) throw new Error('the import launched nothing');
    return { started, job };
  }

  it('writes every memory a chunk per transaction, with progress on the way and a report at the end', async () => {
    const user = await seedUser(t.db, 'import-chunks');
    await seedMemory(t, user, { summary: 'Likes green tea' });
    const fresh = distinctSummaries(20, 'chunks');
    const { started, job } = await staged(user, [...fresh, 'likes green tea.', fresh[3]!, 'My wifi password is Tr0ub4dor&3x']);
    // The request returned at once: nothing written yet, everything staged, the report's skips known.
    expect(started).toMatchObject({ status: 'running', phase: 'writing', total: 20, done: 0, added: 0, skipped: 3 });
    expect(await stagedCount(t, job.id)).toBe(20);
    expect(await memoryCount(t, user.id)).toBe(1);

    const embedder = countingEmbedder();
    const observed = observedWithUser(t, user.id, () => job.id);
    const jobs = testJobs(t, { embedder, bulk: { withUser: observed.withUser, sizes: SIZES } });
    expect(await runImport(stepsInProcess(), jobData(job), jobs.deps.bulk)).toEqual({ jobId: job.id, status: 'done' });

    const status = await memoriesFor(t, user).importStatus();
    expect(status).toMatchObject({ status: 'done', phase: 'done', total: 20, done: 20, added: 20, skipped: 3, error: null });
    expect(status?.skippedItems.map((s) => [s.index, s.reason])).toEqual([
      [20, 'already exists'],
      [21, 'repeated in the file'],
      [22, 'contains a password, key or card number'],
    ]);
    expect(JSON.stringify(status)).not.toContain('Tr0ub4dor');
    // Chunked: no transaction wrote more than 3 memories, and progress always matched what was written.
    expect(observed.largestStep()).toBe(3);
    for (const s of observed.seen) if (s.done !== null) expect(s.memories - 1).toBe(s.done);
    expect(Math.max(...embedder.batches)).toBeLessThanOrEqual(7);
    const [vectors] = await t.db.select({ n: count() }).from(memoryEmbeddings).where(eq(memoryEmbeddings.userId, user.id));
    expect(vectors?.n).toBe(21);
    expect(await memoryCount(t, user.id)).toBe(21);
    // The staged copy is gone once written; one audit entry says what the import did.
    expect(await stagedCount(t, job.id)).toBe(0);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'memory.imported')));
    expect(entries.map((e) => e.detail)).toMatchObject([{ added: 20, skipped: 3 }]);
  });

  it.each([
    ['the embedding model fails', { embedFailOn: 3 }, 'the embedding model did not answer'],
    ['a write transaction fails', { writeFailOn: 9 }, 'the database could not store it'],
  ])('when %s mid-way, everything it wrote is deleted again and the report says why', async (_label, failure, reason) => {
    const user = await seedUser(t.db, 'import-undo');
    await seedMemory(t, user, { summary: 'Was here before the import' });
    const { job } = await staged(user, distinctSummaries(18, 'undo'));
    const observed = observedWithUser(t, user.id, () => job.id);
    let calls = 0;
    const flaky: typeof observed.withUser = (uid, fn) => {
      calls += 1;
      return 'writeFailOn' in failure && calls === failure.writeFailOn ? Promise.reject(new Error('connection reset')) : observed.withUser(uid, fn);
    };
    const embedder = countingEmbedder('embedFailOn' in failure ? failure.embedFailOn : undefined);
    const jobs = testJobs(t, { embedder, bulk: { withUser: flaky, sizes: SIZES } });
    expect(await runImport(stepsInProcess(), jobData(job), jobs.deps.bulk)).toEqual({ jobId: job.id, status: 'failed' });

    // It had written some before failing, so the undo had work to do…
    expect(Math.max(...observed.seen.map((s) => s.memories))).toBeGreaterThan(1);
    // …and nothing of the import is left: memories, versions, audit entries, staged items.
    const left = await t.db.select().from(memories).where(eq(memories.userId, user.id));
    expect(left.map((m) => m.summary)).toEqual(['Was here before the import']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(audit.filter((a) => (a.detail as { reason?: string }).reason === IMPORT_REASON || a.action === 'memory.imported')).toEqual([]);
    expect(await stagedCount(t, job.id)).toBe(0);
    const status = await memoriesFor(t, user).importStatus();
    expect(status).toMatchObject({ status: 'failed', added: 0 });
    expect(status?.error).toContain(reason);
    expect(status?.error).toContain('nothing was imported');
  });

  it('refuses a second job while one runs, with a message that says so, and the database holds that across requests', async () => {
    const user = await seedUser(t.db, 'import-busy');
    const { job } = await staged(user, distinctSummaries(5, 'busy'));
    const again = await errorOf(memoriesFor(t, user, heldLauncher()).import({ json: importFile(['Another memory']) }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe('An import is already running (0 of 5). Wait for it to finish, then try again; nothing was changed.');
    const deleteAll = await errorOf(memoriesFor(t, user, heldLauncher()).deleteAll({ confirm: 'DELETE ALL' }));
    expect(deleteAll.code).toBe('CONFLICT');
    expect(await memoryCount(t, user.id)).toBe(0);
    // Past the application's check (another instance's race): the partial unique index refuses it.
    await expect(
      t.withUser(user.id, (tx) => tx.insert(bulkJobs).values({ userId: user.id, kind: 'delete_all', phase: 'sweeping' })),
    ).rejects.toThrow();
    // Two at once from one user: one starts, the other is refused.
    const racer = await seedUser(t.db, 'import-race');
    const results = await Promise.allSettled([1, 2].map((n) => memoriesFor(t, racer, heldLauncher()).import({ json: importFile([`Race memory ${n}`]) })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await t.db.select({ n: count() }).from(bulkJobs).where(and(eq(bulkJobs.userId, racer.id), eq(bulkJobs.status, 'running')))).toEqual([{ n: 1 }]);
    expect((await jobRow(t, job.id))?.status).toBe('running');
  });

  it('a job a dead process left half written is finished at start-up, each memory once', async () => {
    const user = await seedUser(t.db, 'import-resume');
    const summaries = distinctSummaries(20, 'resume');
    const { job } = await staged(user, summaries);
    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { sizes: { ...SIZES, importStepItems: 4 } } });
    // The process dies after load and two write steps (8 memories).
    const dying = dyingSteps(3);
    await expect(runImport(dying, jobData(job), jobs.deps.bulk)).rejects.toThrow('process killed');
    expect(await memoryCount(t, user.id)).toBe(8);
    expect(await jobRow(t, job.id)).toMatchObject({ status: 'running', phase: 'writing', done: 8 });

    expect(await resumeBulkJobs(t.withSystem, jobs.launcher)).toBeGreaterThanOrEqual(1);
    expect(await memoriesFor(t, user).importStatus()).toMatchObject({ status: 'done', added: 20 });
    const rows = await t.db.select({ summary: memories.summary }).from(memories).where(eq(memories.userId, user.id));
    expect(rows.map((r) => r.summary).sort()).toEqual([...summaries].sort());
  });

  it('an import whose request died while staging the file is failed at start-up, nothing imported', async () => {
    const user = await seedUser(t.db, 'import-abandoned');
    const [job] = await t.withUser(user.id, (tx) => tx.insert(bulkJobs).values({ userId: user.id, kind: 'import', phase: 'staging', total: 10 }).returning());
    await t.withUser(user.id, (tx) => tx.insert(importItems).values([0, 1, 2].map((idx) => ({ jobId: job!.id, userId: user.id, idx, item: { summary: 'half staged' } }))));
    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { abandonStagingAfterMs: 0 } });
    await resumeBulkJobs(t.withSystem, jobs.launcher);
    const status = await memoriesFor(t, user).importStatus();
    expect(status).toMatchObject({ status: 'failed', added: 0 });
    expect(status?.error).toContain('interrupted');
    expect(await stagedCount(t, job!.id)).toBe(0);
    expect(await memoryCount(t, user.id)).toBe(0);
    // A fresh one (its request is still staging on another instance) is left alone.
    const other = await seedUser(t.db, 'import-staging');
    const [live] = await t.withUser(other.id, (tx) => tx.insert(bulkJobs).values({ userId: other.id, kind: 'import', phase: 'staging', total: 10 }).returning());
    await resumeBulkJobs(t.withSystem, testJobs(t, { bulk: { abandonStagingAfterMs: 60_000 } }).launcher);
    expect((await jobRow(t, live!.id))?.phase).toBe('staging');
  });
});

describe('the import-memories Inngest function', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  const stepIds = (result: { ctx: { step: { run: unknown } } }) => (result.ctx.step.run as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0]);

  it('runs load, the write steps, finish and clean-up, one event per job', async () => {
    const user = await seedUser(t.db, 'inngest-import');
    const launcher = heldLauncher();
    await memoriesFor(t, user, launcher).import({ json: importFile(distinctSummaries(12, 'inngest')) });
    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { sizes: { ...SIZES, importStepItems: 5 } } });
    const event = importRequested.create(jobData(launcher.held[0]!));
    const result = await new InngestTestEngine({ function: inngestFunction(importMemoriesJob, jobs.deps), events: [event] }).execute();
    expect(result.error).toBeUndefined();
    expect(result.result).toMatchObject({ status: 'done' });
    expect(stepIds(result)).toEqual(['load', 'write-0', 'write-1', 'write-2', 'finish', 'clean-up']);
    expect(await memoryCount(t, user.id)).toBe(12);
  });

  it('a failing step goes back to Inngest for a retry, and the retried run finishes the job, each memory once', async () => {
    const user = await seedUser(t.db, 'inngest-import-retry');
    const launcher = heldLauncher();
    const summaries = distinctSummaries(12, 'inngest-retry');
    await memoriesFor(t, user, launcher).import({ json: importFile(summaries) });
    const event = importRequested.create(jobData(launcher.held[0]!));
    // The second embedding call fails: write-1 fails after write-0 committed its memories.
    const flaky = testJobs(t, { embedder: countingEmbedder(2), bulk: { sizes: { ...SIZES, importStepItems: 5 } } });
    const failed = await new InngestTestEngine({ function: inngestFunction(importMemoriesJob, flaky.deps), events: [event] }).execute();
    expect(failed.error).toMatchObject({ message: 'embedding request timed out' });
    expect(await jobRow(t, launcher.held[0]!.id)).toMatchObject({ status: 'running', phase: 'writing', done: 5 });

    const jobs = testJobs(t, { embedder: testEmbedder, bulk: { sizes: { ...SIZES, importStepItems: 5 } } });
    const retried = await new InngestTestEngine({ function: inngestFunction(importMemoriesJob, jobs.deps), events: [event] }).execute();
    expect(retried.error).toBeUndefined();
    expect(await memoriesFor(t, user).importStatus()).toMatchObject({ status: 'done', added: 12 });
    const rows = await t.db.select({ summary: memories.summary }).from(memories).where(eq(memories.userId, user.id));
    expect(rows.map((r) => r.summary).sort()).toEqual([...summaries].sort());
  });
});
