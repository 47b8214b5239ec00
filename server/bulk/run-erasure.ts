/**
 * The erasure job (issue 14, items 1 and 10): "delete all memories" or an account deletion.
 * The request already hid everything it covers in one short transaction (bulk_jobs.hidden_through
 * and the row-level policies, db/schema/rls.ts), so from the user's side it is done and all or
 * nothing; this job removes the rows in chunks (sweep-erasure.ts), each transaction after the
 * pacer's yield, finishes (the receipt; for an account, the account row itself), then erases
 * what the deleted rows left on disk once nobody is using the app (db/maintenance.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { revealPendingErasure } from '../../db/erasure';
import { auditLog, bulkJobs, users } from '../../db/schema';
import { bulkJobData } from '../events/contracts';
import { config } from '../config';
import type { Steps } from '../steps';
import { lockUserMemory } from '../memory/user-lock';
import { findBulkJob } from './bulk-jobs';
import { pacer, sizesOf, type BulkDeps } from './deps';
import { sweepOnce, type ErasureCounts, type SweepJob } from './sweep-erasure';

/** Tables whose dead rows hold the deleted text (rewritten on PGlite), and the others touched. */
const MEMORY_TABLES = {
  rewrite: ['memories', 'memory_versions', 'memory_sources', 'memory_terms', 'audit_log', 'bulk_jobs', 'import_items'],
  vacuum: ['memory_embeddings', 'recall_ledger', 'memory_term_stats'],
} as const;
const ACCOUNT_TABLES = {
  rewrite: [...MEMORY_TABLES.rewrite, 'conversations', 'messages', 'users', 'accounts', 'sessions', 'password_credentials', 'user_settings', 'outbox', 'account_tokens'],
  vacuum: MEMORY_TABLES.vacuum,
} as const;

export const EMPTY_COUNTS: ErasureCounts = { memories: 0, versions: 0, vectors: 0, sources: 0, ledgerEntries: 0 };

function addCounts(report: Record<string, unknown>, counts: ErasureCounts): Record<string, unknown> {
  const removed = { ...EMPTY_COUNTS, ...(report.removed as Partial<ErasureCounts> | undefined) };
  for (const key of Object.keys(EMPTY_COUNTS) as (keyof ErasureCounts)[]) removed[key] += counts[key];
  return { ...report, removed };
}

async function sweepStep(deps: BulkDeps, pace: () => Promise<void>, userId: string, job: SweepJob): Promise<{ finished: boolean; stopped: boolean }> {
  const sizes = sizesOf(deps);
  for (let n = 0; n < sizes.eraseStepTransactions; n += 1) {
    await pace();
    const swept = await deps.withUser(userId, async (tx) => {
      await revealPendingErasure(tx);
      await lockUserMemory(tx, userId);
      const [row] = await tx.select({ status: bulkJobs.status, report: bulkJobs.report }).from(bulkJobs).where(eq(bulkJobs.id, job.jobId)).for('update');
      // A "delete all" cancelled by an account deletion: that sweep takes over.
      if (!row || row.status !== 'running') return 'stopped' as const;
      const result = await sweepOnce(tx, job, sizes);
      if (!result) return 'finished' as const;
      if (result.counts) {
        await tx
          .update(bulkJobs)
          .set({ done: sql`${bulkJobs.done} + ${result.counts.memories}`, report: addCounts(row.report, result.counts), updatedAt: new Date() })
          .where(eq(bulkJobs.id, job.jobId));
      }
      return 'swept' as const;
    });
    if (swept !== 'swept') return { finished: true, stopped: swept === 'stopped' };
  }
  return { finished: false, stopped: false };
}

/**
 * delete_all: the job is done and the watermark lifted (nothing under it is left); the audit
 * entry written when it was asked for gets the final receipt. Account: the account row goes,
 * and by cascade the little that is left (settings, term totals, this job).
 */
async function finishErasure(deps: BulkDeps, userId: string, job: SweepJob): Promise<ErasureCounts | null> {
  return deps.withUser(userId, async (tx) => {
    await revealPendingErasure(tx);
    await lockUserMemory(tx, userId);
    if (job.kind === 'delete_account') {
      await tx.delete(users).where(eq(users.id, userId));
      return null;
    }
    const row = await findBulkJob(tx, job.jobId);
    if (!row || row.status !== 'running') return null;
    const receipt: ErasureCounts = { ...EMPTY_COUNTS, ...(row.report.removed as Partial<ErasureCounts> | undefined), memories: row.total };
    const auditId = typeof row.report.auditId === 'string' ? row.report.auditId : null;
    if (auditId) await tx.update(auditLog).set({ detail: { ...receipt } }).where(eq(auditLog.id, auditId));
    await tx
      .update(bulkJobs)
      .set({ status: 'done', phase: 'erasing-disk', hiddenThrough: null, report: { ...row.report, receipt }, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(bulkJobs.id, job.jobId));
    return receipt;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The disk erasure rewrites tables, which on the embedded database holds its one backend for
 * seconds: wait until nobody has used the app for a while (or at most maxWaitMs), then run.
 * On Postgres (no foreground tracker) it only vacuums, and runs at once.
 */
async function eraseOnDiskWhenQuiet(deps: BulkDeps, userId: string, job: SweepJob): Promise<void> {
  const { idleMs, maxWaitMs, pollMs } = config.bulk.disk;
  const started = performance.now();
  while (deps.foreground && performance.now() - deps.foreground.lastActiveAt() < idleMs && performance.now() - started < maxWaitMs) await sleep(pollMs);
  await deps.eraseOnDisk(job.kind === 'delete_account' ? ACCOUNT_TABLES : MEMORY_TABLES);
  if (job.kind === 'delete_all') {
    await deps.withUser(userId, (tx) => tx.update(bulkJobs).set({ phase: 'done', updatedAt: new Date() }).where(eq(bulkJobs.id, job.jobId)));
  }
}

export async function runErasure(steps: Steps, data: unknown, deps: BulkDeps): Promise<{ jobId: string; status: string }> {
  const { userId, jobId } = bulkJobData.parse(data);
  const pace = pacer(deps);
  const loaded = await steps.run('load', async () => {
    const row = await deps.withUser(userId, (tx) => findBulkJob(tx, jobId));
    if (!row || row.kind === 'import') return null;
    return { kind: row.kind, status: row.status, phase: row.phase, hiddenThrough: row.kind === 'delete_all' ? row.hiddenThrough : null };
  });
  if (!loaded) return { jobId, status: 'missing' };
  const job: SweepJob = { jobId, kind: loaded.kind, hiddenThrough: loaded.hiddenThrough };
  if (loaded.status === 'running') {
    for (let step = 0; ; step += 1) {
      const swept = await steps.run(`sweep-${step}`, () => sweepStep(deps, pace, userId, job));
      if (swept.stopped) return { jobId, status: 'stopped' };
      if (swept.finished) break;
    }
    await steps.run('finish', () => finishErasure(deps, userId, job));
  } else if (loaded.phase !== 'erasing-disk') {
    return { jobId, status: loaded.status };
  }
  await steps.run('erase-on-disk', () => eraseOnDiskWhenQuiet(deps, userId, job));
  return { jobId, status: 'done' };
}
