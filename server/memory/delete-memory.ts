import type { Tx } from '../../db/types';
import type { Actor, MemoryRow } from './memory-types';
import { summaryAfterSourceDeleted } from './rebuild-summary';
import { deleteMemory } from './repository';

/**
 * A user's delete is a hard delete (SPEC §3, §7): the memory and, by cascade, its versions,
 * vectors and sources. Audit entries about it keep only that something was deleted: their
 * summary, quote and reason (which may quote the user) are scrubbed, and the deletion itself is
 * logged without the text (the repository's deleteMemory). A consolidated summary it was merged
 * into is rebuilt without it (rebuild-summary.ts).
 */
export async function hardDeleteMemory(tx: Tx, memory: Pick<MemoryRow, 'id' | 'userId'>, actor: Actor, reason: string): Promise<void> {
  const row = await deleteMemory(tx, memory, actor, reason);
  // A summary built from it is rebuilt without it, or removed when one source would be left.
  const outcome = row ? await summaryAfterSourceDeleted(tx, row, actor) : null;
  if (outcome?.kind === 'remove') await hardDeleteMemory(tx, outcome.summary, actor, 'Removed: built from a memory that was deleted');
}
