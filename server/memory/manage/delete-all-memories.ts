import 'server-only';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { auditLog, memories, memoryEmbeddings, memorySources, memoryVersions, recallLedger } from '../../../db/schema';
import { lockUserMemory } from '../user-lock';
import type { deleteAllReceipt } from './schemas';

/**
 * "Delete all memories": every memory of the user and, by cascade, their versions, vectors,
 * sources and ledger rows, in one transaction. One set-based delete instead of one
 * hardDeleteMemory per item, so 10,000 memories take one statement, not 40,000. The user_id
 * filter states the intent; row-level security is what actually confines it to this user.
 */
export async function deleteAllMemories(db: UserDb): Promise<z.output<typeof deleteAllReceipt>> {
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const [[versions], [vectors], [sources], [ledger]] = await Promise.all([
      tx.select({ n: count() }).from(memoryVersions),
      tx.select({ n: count() }).from(memoryEmbeddings),
      tx.select({ n: count() }).from(memorySources),
      tx.select({ n: count() }).from(recallLedger),
    ]);
    const deleted = await tx.delete(memories).where(eq(memories.userId, db.userId)).returning({ id: memories.id });
    // Same scrub as hardDeleteMemory, for every memory at once: entries stay, their text goes.
    await tx
      .update(auditLog)
      .set({ detail: sql`${auditLog.detail} - 'summary' - 'quote' - 'reason'` })
      .where(isNotNull(auditLog.memoryId));
    const receipt = { memories: deleted.length, versions: versions?.n ?? 0, vectors: vectors?.n ?? 0, sources: sources?.n ?? 0, ledgerEntries: ledger?.n ?? 0 };
    await tx.insert(auditLog).values({ userId: db.userId, actor: 'user', action: 'memory.deleted_all', memoryId: null, detail: receipt });
    return receipt;
  });
}
