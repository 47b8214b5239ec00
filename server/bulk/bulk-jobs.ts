/**
 * The bulk_jobs row of an import or an erasure: created by the request that starts it (one
 * running job per user), advanced by the background job, read back by the settings page. Every
 * query runs under the owner's withUser, so another user can neither see nor touch it.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { bulkJobs } from '../../db/schema';
import type { Tx } from '../../db/types';
import { AppError } from '../errors';

export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type BulkJobKind = BulkJobRow['kind'];

/** What a job is busy with, as the refusal of a second one says it. */
function busyMessage(running: Pick<BulkJobRow, 'kind' | 'done' | 'total'> | null): string {
  const progress = running && running.total > 0 ? ` (${running.done.toLocaleString('en-US')} of ${running.total.toLocaleString('en-US')})` : '';
  switch (running?.kind) {
    case 'import':
      return `An import is already running${progress}. Wait for it to finish, then try again; nothing was changed.`;
    case 'delete_all':
      return `Your memories are being deleted${progress}. Wait for it to finish, then try again; nothing was changed.`;
    case 'delete_account':
      return 'This account is being deleted.';
    default:
      return 'Another import or deletion is running. Wait for it to finish, then try again; nothing was changed.';
  }
}

/** Postgres' unique_violation on the one-running-job index, through any driver's wrapping. */
function isRunningJobConflict(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint, message } = e as Error & { code?: string; constraint?: string };
    if (code === '23505' && (constraint === 'bulk_jobs_one_running_idx' || message.includes('bulk_jobs_one_running_idx'))) return true;
  }
  return false;
}

/**
 * Starts the user's job inside the caller's transaction. A running one is refused with a 409
 * that says what it is doing; the unique index makes that hold across processes too, and the
 * caller turns its violation into the same error (`refusingConcurrent`).
 */
export async function insertBulkJob(tx: Tx, values: Omit<typeof bulkJobs.$inferInsert, 'id' | 'status'>): Promise<BulkJobRow> {
  const [running] = await tx.select().from(bulkJobs).where(eq(bulkJobs.status, 'running')).limit(1);
  if (running) throw new AppError('conflict:memory', busyMessage(running));
  const [row] = await tx.insert(bulkJobs).values(values).returning();
  if (!row) throw new Error('insertBulkJob: insert returned nothing');
  return row;
}

/** Runs `task` and maps a lost race for the one-running-job index to the same 409. */
export async function refusingConcurrent<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (isRunningJobConflict(error)) throw new AppError('conflict:memory', busyMessage(null), { cause: error });
    throw error;
  }
}

export async function findBulkJob(tx: Tx, jobId: string): Promise<BulkJobRow | null> {
  const [row] = await tx.select().from(bulkJobs).where(eq(bulkJobs.id, jobId)).limit(1);
  return row ?? null;
}

/** The user's newest job of a kind, for the settings page (null before the first one). */
export async function latestBulkJob(db: UserDb, kind: BulkJobKind): Promise<BulkJobRow | null> {
  const [row] = await db.run((tx) =>
    tx.select().from(bulkJobs).where(and(eq(bulkJobs.userId, db.userId), eq(bulkJobs.kind, kind))).orderBy(desc(bulkJobs.createdAt)).limit(1),
  );
  return row ?? null;
}

/** The fields every job's status shares (server/memory/manage/schemas.ts bulkJobProgress). */
export function progressOf(row: BulkJobRow) {
  return {
    jobId: row.id,
    status: row.status,
    phase: row.phase,
    total: row.total,
    done: row.done,
    error: row.error,
    startedAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}
