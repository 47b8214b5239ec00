import { and, eq } from 'drizzle-orm';
import { memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { StaleMemoryError, type ChangeContext, type MemoryRow } from '../memory-types';
import { recordChanges } from './record-change';
import { searchColumns } from './search-columns';

export type MemoryPatch = Partial<
  Pick<
    MemoryRow,
    | 'type'
    | 'kind'
    | 'summary'
    | 'entities'
    | 'importance'
    | 'confidence'
    | 'validity'
    | 'validUntil'
    | 'sensitive'
    | 'status'
    | 'statusReason'
    | 'pinned'
    | 'accessCount'
    | 'lastAccessedAt'
    // Relinking: the item it replaced or the summary it was merged into (consolidation)…
    | 'supersedesId'
    // …and the message it now rests on (a correction in chat, a rebuilt summary).
    | 'quote'
    | 'sourceConversationId'
    | 'sourceMessageId'
  >
>;

const changesContent = (patch: MemoryPatch) => patch.summary !== undefined || patch.entities !== undefined || patch.type !== undefined || patch.kind !== undefined;

/**
 * The row with `patch` applied and its version bumped, only if it is still at the version the
 * caller read (optimistic versioning); nothing recorded yet. A concurrent edit, or a row the
 * caller's user cannot see, makes this throw StaleMemoryError instead of silently overwriting it.
 */
async function writePatch(tx: Tx, current: MemoryRow, patch: MemoryPatch): Promise<MemoryRow> {
  const [row] = await tx
    .update(memories)
    .set({
      ...patch,
      ...(changesContent(patch) ? searchColumns({ ...current, ...patch }) : {}),
      version: current.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(memories.id, current.id), eq(memories.version, current.version)))
    .returning();
  if (!row) throw new StaleMemoryError(current.id, current.version);
  return row;
}

/** Applies `patch` at the version the caller read, bumps the version and records the change. */
export async function updateMemory(tx: Tx, current: MemoryRow, patch: MemoryPatch, change: ChangeContext, action = 'memory.updated'): Promise<MemoryRow> {
  const row = await writePatch(tx, current, patch);
  await recordChanges(tx, [{ before: current, after: row, change, action }]);
  return row;
}
