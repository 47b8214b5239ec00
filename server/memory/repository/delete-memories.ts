/**
 * Deletes are hard deletes (SPEC §3, §7): the memory row and, by cascade, its versions, vectors,
 * sources, postings and ledger rows. What stays is the audit log's record that something was
 * deleted, without the text.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { auditLog, memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { Actor, MemoryRow } from '../memory-types';

/** Audit entries about deleted memories keep what happened; their summary, quote and reason (which may quote the user) go. */
const scrubbed = sql`${auditLog.detail} - 'summary' - 'quote' - 'reason'`;

export type DeletedMemory = Pick<MemoryRow, 'id' | 'status' | 'supersedesId'>;

/**
 * Deletes one memory the caller's user can see, scrubs the text from its audit entries and logs
 * the deletion. Returns what the row was (status, the summary it was merged into) so the caller
 * can rebuild what was derived from it, or null when there was no such memory (nothing written).
 */
export async function deleteMemory(tx: Tx, memory: Pick<MemoryRow, 'id' | 'userId'>, actor: Actor, reason: string): Promise<DeletedMemory | null> {
  const [row] = await tx.select({ id: memories.id, status: memories.status, supersedesId: memories.supersedesId }).from(memories).where(eq(memories.id, memory.id));
  if (!row) return null;
  // Memories that pointed at it (the one that replaced it, sources merged into it) lose the
  // pointer without a version of their own, as ON DELETE SET NULL would: what they say and their
  // status do not change, and the deletion's own audit entry is the record of why.
  await tx.update(memories).set({ supersedesId: null }).where(eq(memories.supersedesId, row.id));
  await tx.delete(memories).where(eq(memories.id, row.id));
  await tx.update(auditLog).set({ detail: scrubbed }).where(eq(auditLog.memoryId, row.id));
  await tx.insert(auditLog).values({ userId: memory.userId, actor, action: 'memory.deleted', memoryId: row.id, detail: { reason } });
  return row;
}

/**
 * One chunk of an erasure's sweep (server/bulk/sweep-erasure.ts). "Delete all" keeps the audit
 * entries (the user's history of actions) without their text, as deleteMemory does; an account
 * deletion removes them.
 */
export async function eraseMemories(tx: Tx, ids: string[], audit: 'scrub' | 'delete'): Promise<void> {
  if (ids.length === 0) return;
  if (audit === 'scrub') await tx.update(auditLog).set({ detail: scrubbed }).where(inArray(auditLog.memoryId, ids));
  else await tx.delete(auditLog).where(inArray(auditLog.memoryId, ids));
  await tx.delete(memories).where(inArray(memories.id, ids));
}

/**
 * The compensating delete of an import that failed (server/bulk/run-import.ts): the memories it
 * wrote and every audit entry about them, since all or nothing means they were never imported.
 */
export async function unwriteImported(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(auditLog).where(inArray(auditLog.memoryId, ids));
  await tx.delete(memories).where(inArray(memories.id, ids));
}
