import { eq } from 'drizzle-orm';
import { memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { AppError } from '../../errors';
import type { MemoryRow } from '../memory-types';

export const memoryNotFound = () => new AppError('not_found:memory', 'That memory does not exist or was already deleted.');

/**
 * The memory with this id, or not_found. Runs under withUser, so another user's id is simply
 * invisible (row-level security) and gets the same answer as an id that never existed.
 */
export async function findMemory(tx: Tx, id: string): Promise<MemoryRow> {
  const [row] = await tx.select().from(memories).where(eq(memories.id, id)).limit(1);
  if (!row) throw memoryNotFound();
  return row;
}
