import { and, eq } from 'drizzle-orm';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { StaleMemoryError, type ChangeContext, type MemoryRow } from './memory-types';
import { recordChange } from './record-change';
import { SEARCH_TEXT_VERSION, searchTextOf } from './search-text';
import { slotColumn } from './slots';

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
  >
>;

/** The search words and slot, which follow the memory's type, kind, summary and entities. */
function derivedColumns(memory: Pick<MemoryRow, 'type' | 'kind' | 'summary' | 'entities'>) {
  return { searchText: searchTextOf(memory), slot: slotColumn(memory), searchVersion: SEARCH_TEXT_VERSION };
}

/**
 * Applies `patch` only if the row is still at the version the caller read (optimistic
 * versioning), bumps the version and records the change. A concurrent edit makes this throw
 * StaleMemoryError instead of silently overwriting it.
 */
export async function updateMemory(tx: Tx, current: MemoryRow, patch: MemoryPatch, change: ChangeContext, action = 'memory.updated'): Promise<MemoryRow> {
  const [row] = await tx
    .update(memories)
    .set({
      ...patch,
      ...(patch.summary !== undefined || patch.entities !== undefined || patch.type !== undefined || patch.kind !== undefined ? derivedColumns({ ...current, ...patch }) : {}),
      version: current.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(memories.id, current.id), eq(memories.version, current.version)))
    .returning();
  if (!row) throw new StaleMemoryError(current.id, current.version);
  await recordChange(tx, current, row, change, action);
  return row;
}
