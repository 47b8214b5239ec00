import 'server-only';
import { eq } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { memories } from '../../db/schema';
import { AppError } from '../errors';
import { hardDeleteMemory } from './delete-memory';
import { lockUserMemory } from './user-lock';

/** The user deletes one memory: a hard delete of it and everything derived from it. */
export async function forgetMemory(db: UserDb, memoryId: string): Promise<{ id: string }> {
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const [memory] = await tx.select({ id: memories.id, userId: memories.userId }).from(memories).where(eq(memories.id, memoryId));
    if (!memory) throw new AppError('not_found:memory', 'That memory does not exist or was already deleted.');
    await hardDeleteMemory(tx, memory, 'user', 'Deleted by the user');
    return { id: memory.id };
  });
}
