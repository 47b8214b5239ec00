import { eq, sql } from 'drizzle-orm';
import { auditLog, memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import type { Actor, MemoryRow } from './memory-types';

/**
 * A user's delete is a hard delete (SPEC §3, §7): the memory and, by cascade, its versions,
 * vectors and sources. Audit entries about it keep only that something was deleted: their
 * summary, quote and reason (which may quote the user) are scrubbed, and the deletion itself is
 * logged without the text.
 */
export async function hardDeleteMemory(tx: Tx, memory: Pick<MemoryRow, 'id' | 'userId'>, actor: Actor, reason: string): Promise<void> {
  await tx.update(memories).set({ supersedesId: null }).where(eq(memories.supersedesId, memory.id));
  await tx.delete(memories).where(eq(memories.id, memory.id));
  await tx
    .update(auditLog)
    .set({ detail: sql`${auditLog.detail} - 'summary' - 'quote' - 'reason'` })
    .where(eq(auditLog.memoryId, memory.id));
  await tx.insert(auditLog).values({ userId: memory.userId, actor, action: 'memory.deleted', memoryId: memory.id, detail: { reason } });
}
