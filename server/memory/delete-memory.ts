import { eq, sql } from 'drizzle-orm';
import { auditLog, memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import type { Actor, MemoryRow } from './memory-types';
import { summaryAfterSourceDeleted } from './rebuild-summary';

/**
 * A user's delete is a hard delete (SPEC §3, §7): the memory and, by cascade, its versions,
 * vectors and sources. Audit entries about it keep only that something was deleted: their
 * summary, quote and reason (which may quote the user) are scrubbed, and the deletion itself is
 * logged without the text. A consolidated summary it was merged into is rebuilt without it
 * (rebuild-summary.ts).
 */
export async function hardDeleteMemory(tx: Tx, memory: Pick<MemoryRow, 'id' | 'userId'>, actor: Actor, reason: string): Promise<void> {
  const [row] = await tx.select({ id: memories.id, status: memories.status, supersedesId: memories.supersedesId }).from(memories).where(eq(memories.id, memory.id));
  await tx.update(memories).set({ supersedesId: null }).where(eq(memories.supersedesId, memory.id));
  await tx.delete(memories).where(eq(memories.id, memory.id));
  await tx
    .update(auditLog)
    .set({ detail: sql`${auditLog.detail} - 'summary' - 'quote' - 'reason'` })
    .where(eq(auditLog.memoryId, memory.id));
  await tx.insert(auditLog).values({ userId: memory.userId, actor, action: 'memory.deleted', memoryId: memory.id, detail: { reason } });
  // A summary built from it is rebuilt without it, or removed when one source would be left.
  const outcome = row ? await summaryAfterSourceDeleted(tx, row, actor) : null;
  if (outcome?.kind === 'remove') await hardDeleteMemory(tx, outcome.summary, actor, 'Removed: built from a memory that was deleted');
}
