import 'server-only';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { bulkJobs, importItems, memories } from '../../db/schema';
import { findBulkJob, insertBulkJob, latestBulkJob, progressOf, refusingConcurrent, type BulkJobRow } from './bulk-jobs';
import type { BulkJobLauncher } from './launcher';
import { config } from '../config';
import { AppError } from '../errors';
import { dedupKey, parseImportFile, planImport } from '../memory/manage/import-file';
import type { Assistant } from '../memory/manage/assistant-import/assistants';
import type { importOutput, skippedImportItem, StagedImportItem } from '../memory/manage/schemas';

export { dedupKey } from '../memory/manage/import-file';

type ImportOutput = z.output<typeof importOutput>;
/** What an import job keeps in bulk_jobs.report. */
export interface ImportReport {
  added?: number;
  skipped: number;
  skippedItems: z.infer<typeof skippedImportItem>[];
  /** A Mindbase export: when the file was made. */
  exportedAt?: string;
  /** An import from another assistant (issue 15): which, its reason on every memory, and how many wait for review or were refused. */
  from?: Assistant;
  reason?: string;
  review?: number;
  notSaved?: number;
  duplicates?: number;
}

const KEYS_PAGE = 2_000;
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The dedup keys of the user's memories, a page per transaction (newest first, by the
 * (user_id, created_at) index), so a user with 20,000 memories never holds the database long.
 */
export async function existingKeys(db: UserDb): Promise<Set<string>> {
  const keys = new Set<string>();
  type Key = { id: string; type: string; summary: string; createdAt: Date };
  let after: Pick<Key, 'createdAt' | 'id'> | null = null;
  for (;;) {
    const cursor: Pick<Key, 'createdAt' | 'id'> | null = after;
    const page: Key[] = await db.run((tx) =>
      tx
        .select({ id: memories.id, type: memories.type, summary: memories.summary, createdAt: memories.createdAt })
        .from(memories)
        .where(and(eq(memories.userId, db.userId), cursor ? or(lt(memories.createdAt, cursor.createdAt), and(eq(memories.createdAt, cursor.createdAt), lt(memories.id, cursor.id))) : undefined))
        .orderBy(desc(memories.createdAt), desc(memories.id))
        .limit(KEYS_PAGE),
    );
    for (const row of page) keys.add(dedupKey(row));
    const last = page.at(-1);
    if (!last || page.length < KEYS_PAGE) return keys;
    after = { createdAt: last.createdAt, id: last.id };
    await yieldToEventLoop();
  }
}

export function importStatusOf(row: BulkJobRow): ImportOutput {
  const report = row.report as Partial<ImportReport>;
  return {
    ...progressOf(row),
    added: row.status === 'done' ? (report.added ?? row.done) : 0,
    skipped: report.skipped ?? 0,
    skippedItems: report.skippedItems ?? [],
    from: report.from ?? null,
    review: report.review ?? 0,
    notSaved: report.notSaved ?? 0,
    duplicates: report.duplicates ?? 0,
  };
}

/**
 * Imports our own JSON export as a background job (issue 14, item 1). The request validates the
 * whole file (a bad one is a 400 naming the field, nothing written), decides what to add
 * (deduplicated against what exists and within the file), then stages it (stageImport).
 */
export async function startImport(db: UserDb, json: string, launcher: BulkJobLauncher): Promise<ImportOutput> {
  const file = await parseImportFile(json);
  const plan = await planImport(file, await existingKeys(db));
  const report: ImportReport = { skipped: plan.skipped, skippedItems: plan.skippedItems, exportedAt: file.exportedAt };
  return stageImport(db, plan.picked.map((p) => p.item), report, launcher);
}

/**
 * Records the import job and stages its items in short transactions, then hands it to the job,
 * which writes a few memories per transaction and undoes everything it wrote if it fails
 * (server/bulk/run-import.ts). One import per user at a time: a second one is a 409 saying how
 * far the first has got. `report.reason` is the reason on every memory it writes.
 */
export async function stageImport(db: UserDb, items: readonly StagedImportItem[], report: ImportReport, launcher: BulkJobLauncher): Promise<ImportOutput> {
  const job = await refusingConcurrent(() =>
    db.run((tx) => insertBulkJob(tx, { userId: db.userId, kind: 'import', phase: 'staging', total: items.length, report: { ...report } })),
  );
  try {
    const { stageChunk } = config.bulk.import;
    for (let start = 0; start < items.length; start += stageChunk) {
      await yieldToEventLoop();
      const chunk = items.slice(start, start + stageChunk);
      await db.run(async (tx) => {
        await tx.insert(importItems).values(chunk.map((item, i) => ({ jobId: job.id, userId: db.userId, idx: start + i, item })));
        // A staging job that stops being touched was abandoned (the request died): run-import.ts.
        await tx.update(bulkJobs).set({ updatedAt: new Date() }).where(eq(bulkJobs.id, job.id));
      });
    }
    // Only a fully staged job is handed over: a runner never writes a half-staged file.
    await db.run((tx) =>
      tx
        .update(bulkJobs)
        .set({ phase: 'writing', updatedAt: new Date() })
        .where(and(eq(bulkJobs.id, job.id), eq(bulkJobs.status, 'running'), eq(bulkJobs.phase, 'staging'))),
    );
    await launcher.launch(job);
  } catch (error) {
    // Nothing reached the memories yet: dropping the job (its staged items cascade) is the undo.
    await db.run((tx) => tx.delete(bulkJobs).where(eq(bulkJobs.id, job.id))).catch((cleanup: unknown) => console.error('[import] could not drop a job that did not start', cleanup));
    if (error instanceof AppError) throw error;
    throw new AppError('internal:memory', 'The import could not be started; nothing was imported. Try again in a moment.', { cause: error });
  }
  const now = await db.run((tx) => findBulkJob(tx, job.id));
  return importStatusOf(now ?? job);
}

/** The user's latest import (running, done or failed), for the settings page to follow. */
export async function importStatus(db: UserDb): Promise<ImportOutput | null> {
  const row = await latestBulkJob(db, 'import');
  return row ? importStatusOf(row) : null;
}
