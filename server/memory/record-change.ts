import { auditLog, memoryVersions } from '../../db/schema';
import type { Tx } from '../../db/types';
import type { ChangeContext, MemoryRow } from './memory-types';

/** A memory row as JSON (dates as ISO strings), for version snapshots. */
function snapshot(row: MemoryRow): Record<string, unknown> {
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/** The version row and the audit entry of one change, for callers that insert many at once. */
export function changeRecords(before: MemoryRow | null, after: MemoryRow, change: ChangeContext, action: string) {
  return {
    version: {
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
    } satisfies typeof memoryVersions.$inferInsert,
    audit: {
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
    } satisfies typeof auditLog.$inferInsert,
  };
}

/**
 * Writes the version row and the audit entry for a change, so nothing about a memory is ever
 * silently overwritten (SPEC §3) and the user can read "how did this memory change".
 */
export async function recordChange(tx: Tx, before: MemoryRow | null, after: MemoryRow, change: ChangeContext, action: string): Promise<void> {
  const { version, audit } = changeRecords(before, after, change, action);
  await tx.insert(memoryVersions).values(version);
  await tx.insert(auditLog).values(audit);
}
