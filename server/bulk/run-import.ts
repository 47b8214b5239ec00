/**
 * The import job (issue 14, item 1). The request validated and staged the items
 * (server/bulk/import-memories.ts); this writes them a few memories per transaction,
 * each transaction after the pacer's yield, with their vectors computed a batch at a time before
 * the transactions that store them. All or nothing: every written item records the memory it
 * became, so if anything fails the job deletes exactly those memories again (the compensating
 * delete) and reports the import as failed with nothing imported. Resumable: a chunk commits the
 * memories and the job's progress together, so a re-run continues where the last one stopped.
 */
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { bulkJobData } from '../events/contracts';
import { auditLog, bulkJobs, importItems } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { AppError } from '../errors';
import type { Steps } from '../steps';
import { embeddingText, type Embedder } from '../memory/embedder';
import { IMPORT_REASON, insertImported } from '../memory/manage/import-write';
import { stagedImportItem, type StagedImportItem } from '../memory/manage/schemas';
import { unwriteImported } from '../memory/repository';
import { lockUserMemory } from '../memory/user-lock';
import { findBulkJob } from './bulk-jobs';
import { pacer, sizesOf, type BulkDeps } from './deps';

type Pace = () => Promise<void>;

/** The job row, locked: chunks of two runners of the same job (a retry, a resume) never interleave. */
async function lockedJob(tx: Tx, userId: string, jobId: string) {
  await lockUserMemory(tx, userId);
  const [job] = await tx.select().from(bulkJobs).where(eq(bulkJobs.id, jobId)).for('update');
  return job ?? null;
}

async function embedActive(embedder: Embedder, items: StagedImportItem[]): Promise<(number[] | null)[]> {
  const active = items.flatMap((item, i) => (item.status === 'active' ? [i] : []));
  const vectors = await embedder.embed(active.map((i) => embeddingText(items[i]!)));
  const out: (number[] | null)[] = items.map(() => null);
  active.forEach((i, j) => (out[i] = vectors[j] ?? null));
  return out;
}

/** Writes items idx from…from+n−1 if the job is still where this runner thinks it is. */
async function writeChunk(tx: Tx, userId: string, jobId: string, from: number, items: StagedImportItem[], vectors: (number[] | null)[], model: string): Promise<boolean> {
  const job = await lockedJob(tx, userId, jobId);
  if (!job || job.status !== 'running' || job.phase !== 'writing' || job.done !== from) return false;
  // The import's source, recorded when it was started: "Imported from ChatGPT", or a Mindbase export.
  const reason = typeof job.report.reason === 'string' ? job.report.reason : IMPORT_REASON;
  const rows = await insertImported(tx, userId, items, vectors, model, reason);
  const written = sql.join(rows.map((row, i) => sql`(${from + i}::int, ${row.id}::uuid)`), sql`, `);
  await tx.execute(sql`update import_items as s set memory_id = v.memory_id, item = null
                       from (values ${written}) as v(idx, memory_id) where s.job_id = ${jobId} and s.idx = v.idx`);
  await tx.update(bulkJobs).set({ done: from + rows.length, updatedAt: new Date() }).where(eq(bulkJobs.id, jobId));
  return true;
}

/** One step: up to importStepItems items, embedded a batch at a time, written a chunk per transaction. */
async function writeStep(deps: BulkDeps, pace: Pace, userId: string, jobId: string): Promise<{ finished: boolean; stopped: boolean }> {
  const sizes = sizesOf(deps);
  for (let handled = 0; handled < sizes.importStepItems; ) {
    await pace();
    const batch = await deps.withUser(userId, async (tx) => {
      const job = await findBulkJob(tx, jobId);
      if (!job || job.status !== 'running' || job.phase !== 'writing') return null;
      const rows = await tx
        .select({ item: importItems.item })
        .from(importItems)
        .where(and(eq(importItems.jobId, jobId), gte(importItems.idx, job.done)))
        .orderBy(importItems.idx)
        .limit(Math.min(sizes.importEmbedBatch, sizes.importStepItems - handled));
      return { from: job.done, items: rows.map((r) => stagedImportItem.parse(r.item)) };
    });
    if (!batch) return { finished: true, stopped: true };
    if (batch.items.length === 0) return { finished: true, stopped: false };
    const vectors = await embedActive(deps.embedder, batch.items);
    for (let start = 0; start < batch.items.length; start += sizes.importWriteChunk) {
      await pace();
      const end = start + sizes.importWriteChunk;
      const wrote = await deps.withUser(userId, (tx) => writeChunk(tx, userId, jobId, batch.from + start, batch.items.slice(start, end), vectors.slice(start, end), deps.embedder.modelId));
      // Another runner of this job moved on (or it was cancelled): read where it stands again.
      if (!wrote) break;
    }
    handled += batch.items.length;
  }
  return { finished: false, stopped: false };
}

async function finishImport(deps: BulkDeps, userId: string, jobId: string): Promise<boolean> {
  return deps.withUser(userId, async (tx) => {
    const job = await lockedJob(tx, userId, jobId);
    if (!job || job.status !== 'running' || job.phase !== 'writing') return false;
    if (job.done !== job.total) throw new Error(`import ${jobId}: finishing at ${job.done} of ${job.total}`);
    const report: Record<string, unknown> = { ...job.report, added: job.done };
    await tx.insert(auditLog).values({ userId, actor: 'user', action: 'memory.imported', detail: { added: job.done, skipped: report.skipped ?? 0, exportedAt: report.exportedAt ?? null, ...(report.from ? { from: report.from } : {}) } });
    await tx.update(bulkJobs).set({ status: 'done', phase: 'done', report, finishedAt: new Date(), updatedAt: new Date() }).where(eq(bulkJobs.id, jobId));
    return true;
  });
}

/** The words the settings page shows for a failure; the cause itself goes to the server log. */
function failureReason(error: unknown): string {
  if (error instanceof AppError && error.type !== 'internal') return error.message;
  const text = error instanceof Error ? `${error.name} ${error.message}` : '';
  return /embed/i.test(text) ? 'the embedding model did not answer' : 'the database could not store it';
}

async function markUndoing(deps: BulkDeps, userId: string, jobId: string, reason: string): Promise<void> {
  await deps.withUser(userId, async (tx) => {
    const job = await lockedJob(tx, userId, jobId);
    if (!job || job.status !== 'running') return;
    const error = `The import stopped after ${job.done.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} memories (${reason}). What it had added was removed again, so nothing was imported; try again.`;
    await tx.update(bulkJobs).set({ phase: 'undoing', error, updatedAt: new Date() }).where(eq(bulkJobs.id, jobId));
  });
}

/** One step of the compensating delete: the memories this import wrote, a chunk per transaction. */
async function undoStep(deps: BulkDeps, pace: Pace, userId: string, jobId: string): Promise<{ finished: boolean }> {
  const sizes = sizesOf(deps);
  for (let n = 0; n < sizes.eraseStepTransactions; n += 1) {
    await pace();
    const left = await deps.withUser(userId, async (tx) => {
      const job = await lockedJob(tx, userId, jobId);
      if (!job || job.status !== 'running') return 0;
      const written = await tx
        .select({ memoryId: importItems.memoryId })
        .from(importItems)
        .where(and(eq(importItems.jobId, jobId), isNotNull(importItems.memoryId)))
        .limit(sizes.eraseMemoryChunk);
      const ids = written.flatMap((r) => (r.memoryId ? [r.memoryId] : []));
      if (ids.length === 0) return 0;
      // Never imported, so nothing about them stays: their audit entries go with them.
      await unwriteImported(tx, ids);
      await tx.update(importItems).set({ memoryId: null }).where(and(eq(importItems.jobId, jobId), inArray(importItems.memoryId, ids)));
      await tx.update(bulkJobs).set({ done: sql`greatest(${bulkJobs.done} - ${ids.length}, 0)`, updatedAt: new Date() }).where(eq(bulkJobs.id, jobId));
      return ids.length;
    });
    if (left === 0) return { finished: true };
  }
  return { finished: false };
}

async function markFailed(deps: BulkDeps, userId: string, jobId: string): Promise<void> {
  await deps.withUser(userId, (tx) =>
    tx
      .update(bulkJobs)
      .set({ status: 'failed', phase: 'failed', finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bulkJobs.id, jobId), eq(bulkJobs.status, 'running'))),
  );
}

/** Staged items are only the job's working copy: removed once it has finished either way. */
async function dropStaged(deps: BulkDeps, pace: Pace, userId: string, jobId: string): Promise<void> {
  const { eraseRowChunk } = sizesOf(deps);
  const total = await deps.withUser(userId, async (tx) => (await findBulkJob(tx, jobId))?.total ?? 0);
  for (let from = 0; from < total; from += eraseRowChunk) {
    await pace();
    await deps.withUser(userId, (tx) => tx.delete(importItems).where(and(eq(importItems.jobId, jobId), gte(importItems.idx, from), lt(importItems.idx, from + eraseRowChunk))));
  }
}

export async function runImport(steps: Steps, data: unknown, deps: BulkDeps): Promise<{ jobId: string; status: string }> {
  const { userId, jobId } = bulkJobData.parse(data);
  const pace = pacer(deps);
  const job = await steps.run('load', async () => {
    const row = await deps.withUser(userId, (tx) => findBulkJob(tx, jobId));
    return row && { status: row.status, phase: row.phase, idleMs: Date.now() - row.updatedAt.getTime() };
  });
  if (!job || job.status !== 'running') return { jobId, status: job?.status ?? 'missing' };
  if (job.phase === 'staging') {
    // Still being staged by its request, or abandoned by a request that died mid-way (resume.ts
    // hands such jobs over at start-up): nothing was written, so failing it undoes nothing.
    if (job.idleMs < (deps.abandonStagingAfterMs ?? config.bulk.import.stagingStaleMs)) return { jobId, status: 'staging' };
    await steps.run('mark-abandoned', () => markUndoing(deps, userId, jobId, 'it was interrupted while the file was being read'));
  } else if (job.phase === 'writing') {
    try {
      for (let step = 0; ; step += 1) {
        const wrote = await steps.run(`write-${step}`, () => writeStep(deps, pace, userId, jobId));
        // Cancelled (an account deletion sweeps everything) or finished by another runner.
        if (wrote.stopped) return { jobId, status: 'stopped' };
        if (wrote.finished) break;
      }
      if (await steps.run('finish', () => finishImport(deps, userId, jobId))) await steps.run('clean-up', () => dropStaged(deps, pace, userId, jobId));
      return { jobId, status: 'done' };
    } catch (error) {
      console.error(`[jobs] import ${jobId} failed; undoing what it wrote`, error);
      await steps.run('mark-undoing', () => markUndoing(deps, userId, jobId, failureReason(error)));
    }
  }
  for (let step = 0; ; step += 1) {
    const undone = await steps.run(`undo-${step}`, () => undoStep(deps, pace, userId, jobId));
    if (undone.finished) break;
  }
  await steps.run('failed', () => markFailed(deps, userId, jobId));
  await steps.run('clean-up-failed', () => dropStaged(deps, pace, userId, jobId));
  return { jobId, status: 'failed' };
}
