/**
 * Usage counters on a memory. They are statistics about the memory, not changes to it: no
 * version and no audit entry, or every answer would add a version to each memory it used and the
 * history would drown in them (and the version check would make a reply conflict with an edit).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';

/** Recall used these memories in an answer (SPEC §5.7). */
export async function recordAccess(tx: Tx, memoryIds: string[], now: Date): Promise<void> {
  if (memoryIds.length === 0) return;
  await tx
    .update(memories)
    .set({ accessCount: sql`${memories.accessCount} + 1`, lastAccessedAt: now })
    .where(inArray(memories.id, memoryIds));
}

/** The user marked the memory "not relevant" to an answer; null when it is not theirs or gone. */
export async function countNotRelevant(tx: Tx, memoryId: string): Promise<{ failCount: number } | null> {
  const [memory] = await tx
    .update(memories)
    .set({ failCount: sql`${memories.failCount} + 1` })
    .where(eq(memories.id, memoryId))
    .returning({ failCount: memories.failCount });
  return memory ?? null;
}
