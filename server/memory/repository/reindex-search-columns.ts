import { eq } from 'drizzle-orm';
import { memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { MemoryRow } from '../memory-types';
import { searchColumns } from './search-columns';

/**
 * Rewrites a memory's search words and slot with the current tokeniser (`npm run db:migrate`,
 * server/memory/reindex-search.ts). Not a change to the memory — what it says, its status and its
 * version stay — so no version and no audit entry: a new tokeniser would otherwise add a version
 * to every memory of every user.
 */
export async function reindexSearchColumns(tx: Tx, row: Pick<MemoryRow, 'id' | 'type' | 'kind' | 'summary' | 'entities'>): Promise<void> {
  await tx.update(memories).set(searchColumns(row)).where(eq(memories.id, row.id));
}
