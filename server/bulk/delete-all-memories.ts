import 'server-only';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { queryRows } from '../../db/rows';
import { auditLog, bulkJobs, memories } from '../../db/schema';
import { findBulkJob, insertBulkJob, latestBulkJob, progressOf, refusingConcurrent, type BulkJobRow } from './bulk-jobs';
import type { BulkJobLauncher } from './launcher';
import { EMPTY_COUNTS } from './run-erasure';
import type { ErasureCounts } from './sweep-erasure';
import { lockUserMemory } from '../memory/user-lock';
import type { deleteAllOutput } from '../memory/manage/schemas';

type DeleteAllOutput = z.output<typeof deleteAllOutput>;

export function deleteAllStatusOf(row: BulkJobRow): DeleteAllOutput {
  const removed = { ...EMPTY_COUNTS, ...(row.report.removed as Partial<ErasureCounts> | undefined) };
  return { ...removed, memories: row.total, ...progressOf(row) };
}

/**
 * "Delete all memories" (SPEC §7), as mark-then-sweep (issue 14, item 1). One short transaction
 * hides every memory the user has — the job's watermark (bulk_jobs.hidden_through) makes the
 * row-level policy of memories, and of the audit entries about them, leave them out of every
 * query: list, recall, export, history, "as of" — and records the job; the job then deletes them
 * and, by cascade, their versions, vectors, sources, postings and ledger rows, a chunk per
 * transaction (server/bulk/run-erasure.ts), and erases them on disk. Memories written after this
 * moment are not covered. Audit entries stay with their text scrubbed, as for a single delete.
 */
export async function deleteAllMemories(db: UserDb, launcher: BulkJobLauncher): Promise<DeleteAllOutput> {
  const job = await refusingConcurrent(() =>
    db.run(async (tx) => {
      await lockUserMemory(tx, db.userId);
      const started = await insertBulkJob(tx, { userId: db.userId, kind: 'delete_all', phase: 'sweeping' });
      const [row] = await tx.select({ n: count() }).from(memories);
      const total = row?.n ?? 0;
      // Everything written up to now; the sequence only grows, so later rows stay visible.
      const [mark] = await queryRows<{ w: string }>(tx, sql`select nextval('row_seq')::text as w`);
      // Earlier imports' reports list the summaries they skipped (duplicates of these memories).
      await tx.delete(bulkJobs).where(and(eq(bulkJobs.kind, 'import'), ne(bulkJobs.status, 'running')));
      const [entry] = await tx.insert(auditLog).values({ userId: db.userId, actor: 'user', action: 'memory.deleted_all', memoryId: null, detail: { memories: total } }).returning({ id: auditLog.id });
      const [marked] = await tx
        .update(bulkJobs)
        .set({ total, hiddenThrough: Number(mark?.w), report: { auditId: entry?.id ?? null } })
        .where(eq(bulkJobs.id, started.id))
        .returning();
      return marked ?? started;
    }),
  );
  // Hidden already; if the hand-over fails, start-up resumes the sweep (server/bulk/resume.ts).
  await launcher.launch(job).catch((error: unknown) => console.error(`[jobs] delete-all ${job.id} not started; it resumes at the next start`, error));
  const now = await db.run((tx) => findBulkJob(tx, job.id));
  return deleteAllStatusOf(now ?? job);
}

/** The user's latest "delete all", for the settings page to follow its sweep. */
export async function deleteAllStatus(db: UserDb): Promise<DeleteAllOutput | null> {
  const row = await latestBulkJob(db, 'delete_all');
  return row ? deleteAllStatusOf(row) : null;
}
