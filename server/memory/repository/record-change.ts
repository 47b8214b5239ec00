import { auditLog, memoryVersions } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { ChangeContext, MemoryRow } from '../memory-types';

/** One change to record: the row before (null for a new memory) and after. */
export interface RecordedChange {
  before: MemoryRow | null;
  after: MemoryRow;
  change: ChangeContext;
  action: string;
}

/** A memory row as JSON (dates as ISO strings), for version snapshots. */
function snapshot(row: MemoryRow): Record<string, unknown> {
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

function versionRow({ before, after, change }: RecordedChange) {
  return {
    memoryId: after.id,
    userId: after.userId,
    version: after.version,
    actor: change.actor,
    reason: change.reason,
    oldSummary: before?.summary ?? null,
    newSummary: after.summary,
    oldStatus: before?.status ?? null,
    newStatus: after.status,
    snapshot: snapshot(after),
  } satisfies typeof memoryVersions.$inferInsert;
}

function auditRow({ before, after, change, action }: RecordedChange) {
  return {
    userId: after.userId,
    actor: change.actor,
    action,
    memoryId: after.id,
    detail: {
      reason: change.reason,
      version: after.version,
      status: after.status,
      ...(before && before.status !== after.status ? { previousStatus: before.status } : {}),
      summary: after.summary,
    },
  } satisfies typeof auditLog.$inferInsert;
}

/**
 * Writes the version row and the audit entry of each change, one statement for all the versions
 * and one for all the entries, so nothing about a memory is ever silently overwritten (SPEC §3)
 * and the user can read "how did this memory change".
 */
export async function recordChanges(tx: Tx, changes: RecordedChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(memoryVersions).values(changes.map(versionRow));
  await tx.insert(auditLog).values(changes.map(auditRow));
}
