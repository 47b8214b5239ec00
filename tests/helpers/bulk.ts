/**
 * Import files, launchers and probes for the bulk jobs (server/bulk/): what the import, "delete
 * all" and account-deletion tests and the import bench share.
 */
import { count, eq } from 'drizzle-orm';
import type { WithUser } from '@/db/boundary';
import { bulkJobs, importItems, memories } from '@/db/schema';
import { bulkJobData } from '@/server/events/contracts';
import type { BulkJobRow } from '@/server/bulk/bulk-jobs';
import type { BulkJobLauncher } from '@/server/bulk/launcher';
import { InProcessSteps, type Steps } from '@/server/steps';
import type { TestDatabase } from './db';

/** One item of a Mindbase JSON export (server/memory/manage/schemas.ts exportedMemory). */
export function exportedItem(summary: string, at = new Date('2025-03-01T10:00:00Z')) {
  return {
    id: crypto.randomUUID(),
    type: 'semantic',
    kind: 'fact',
    summary,
    entities: [],
    importance: 3,
    confidence: 'high',
    origin: 'user_stated',
    validity: 'permanent',
    validUntil: null,
    sensitive: false,
    status: 'active',
    pinned: false,
    occurredAt: null,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    sources: [{ quote: `I said: ${summary}`, conversationId: null, messageId: null }],
    versions: [],
  };
}

/** A whole export file as the import reads it. */
export function importFile(summaries: string[]): string {
  return JSON.stringify({ format: 'mindbase.memories', version: 1, exportedAt: new Date().toISOString(), memories: summaries.map((s) => exportedItem(s)) });
}

/** n distinct, plausible memories (no two share a dedup key). */
export function distinctSummaries(n: number, label: string): string[] {
  return Array.from({ length: n }, (_, i) => `${label} note ${i + 1}: the meeting room on floor ${i % 9} has ${i + 2} chairs`);
}

/** A launcher that only records the jobs handed to it: the test runs them when it chooses. */
export function heldLauncher(): BulkJobLauncher & { held: Pick<BulkJobRow, 'id' | 'userId' | 'kind'>[] } {
  const held: Pick<BulkJobRow, 'id' | 'userId' | 'kind'>[] = [];
  return {
    held,
    launch(job) {
      held.push(job);
      return Promise.resolve();
    },
  };
}

export const stepsInProcess = (completed?: Map<string, unknown>) => new InProcessSteps(() => Promise.reject(new Error('no events')), completed);

/**
 * Steps of a process that dies after `survive` steps have completed: every later step throws,
 * as if the process had stopped there (nothing of the run after that point reaches the database).
 */
export function dyingSteps(survive: number): Steps & { died: () => boolean } {
  const inner = stepsInProcess();
  let completed = 0;
  return {
    died: () => completed >= survive,
    async run(id, fn) {
      if (completed >= survive) throw new Error(`process killed before step ${id}`);
      const value = await inner.run(id, fn);
      completed += 1;
      return value;
    },
    sendEvent: (id, payload) => inner.sendEvent(id, payload),
  };
}

export const jobData = (job: Pick<BulkJobRow, 'id' | 'userId'>) => bulkJobData.parse({ userId: job.userId, jobId: job.id });

/** The job row, read through the owner connection. */
export async function jobRow(t: TestDatabase, jobId: string): Promise<BulkJobRow | undefined> {
  const [row] = await t.db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
  return row;
}

export async function memoryCount(t: TestDatabase, userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(memories).where(eq(memories.userId, userId));
  return row?.n ?? 0;
}

export async function stagedCount(t: TestDatabase, jobId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(importItems).where(eq(importItems.jobId, jobId));
  return row?.n ?? 0;
}

/**
 * A withUser that, after every transaction, records what the user's memories and the job's
 * progress are: the steps between two records are what one transaction did.
 */
export function observedWithUser(t: TestDatabase, userId: string, jobId: () => string | null) {
  const seen: { memories: number; done: number | null }[] = [];
  const withUser: WithUser = async (uid, fn) => {
    const result = await t.withUser(uid, fn);
    const id = jobId();
    const [row] = id ? await t.db.select({ done: bulkJobs.done }).from(bulkJobs).where(eq(bulkJobs.id, id)) : [];
    seen.push({ memories: await memoryCount(t, userId), done: row?.done ?? null });
    return result;
  };
  /** The largest change of the memory count between two transactions. */
  const largestStep = () => seen.reduce((max, s, i) => Math.max(max, Math.abs(s.memories - (seen[i - 1]?.memories ?? s.memories))), 0);
  return { withUser, seen, largestStep };
}
