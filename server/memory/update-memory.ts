import { and, eq } from 'drizzle-orm';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { StaleMemoryError, type ChangeContext, type MemoryRow } from './memory-types';
import { recordChange } from './record-change';
import { SEARCH_TEXT_VERSION, searchTextOf } from './search-text';

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
      ...(patch.summary !== undefined || patch.entities !== undefined
        ? {
            searchText: searchTextOf({ summary: patch.summary ?? current.summary, entities: patch.entities ?? current.entities }),
            searchVersion: SEARCH_TEXT_VERSION,
          }
        : {}),
      version: current.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(memories.id, current.id), eq(memories.version, current.version)))
    .returning();
  if (!row) throw new StaleMemoryError(current.id, current.version);
  await recordChange(tx, current, row, change, action);
  return row;
}
