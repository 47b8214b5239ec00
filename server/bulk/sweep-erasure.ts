/**
 * One transaction of an erasure's sweep: the next chunk of what the erasure hid, deleted. Called
 * with the hidden rows revealed to this transaction only (db/erasure.ts) and under the user's
 * memory lock. Stateless — it deletes whatever is left, in a fixed order — so a crash, a retry or
 * a second runner simply carries on. Memories go first (the bulk of the work and of the text);
 * an account deletion then removes its audit log, conversations and messages, outbox and other
 * jobs, and finally the account row itself (finishErasure).
 */
import { count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { auditLog, bulkJobs, conversations, importItems, memories, memoryEmbeddings, memorySources, memoryVersions, messages, outbox, recallLedger } from '../../db/schema';
import type { Tx } from '../../db/types';
import { eraseMemories } from '../memory/repository';
import type { BulkSizes } from './deps';

export interface SweepJob {
  jobId: string;
  kind: 'delete_all' | 'delete_account';
  /** delete_all: rows with seq up to this; an account deletion takes everything. */
  hiddenThrough: number | null;
}

/** What "delete all" reports it removed (server/memory/manage/schemas.ts deleteAllReceipt). */
export interface ErasureCounts {
  memories: number;
  versions: number;
  vectors: number;
  sources: number;
  ledgerEntries: number;
}

const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

async function sweepMemories(tx: Tx, job: SweepJob, limit: number): Promise<ErasureCounts | null> {
  const hidden: SQL | undefined = job.kind === 'delete_all' ? sql`coalesce(${memories.seq}, 0) <= ${job.hiddenThrough ?? -1}` : undefined;
  const ids = (await tx.select({ id: memories.id }).from(memories).where(hidden).limit(limit)).map((r) => r.id);
  if (ids.length === 0) return null;
  const counts: ErasureCounts = {
    memories: ids.length,
    versions: await n(tx.select({ n: count() }).from(memoryVersions).where(inArray(memoryVersions.memoryId, ids))),
    vectors: await n(tx.select({ n: count() }).from(memoryEmbeddings).where(inArray(memoryEmbeddings.memoryId, ids))),
    sources: await n(tx.select({ n: count() }).from(memorySources).where(inArray(memorySources.memoryId, ids))),
    ledgerEntries: await n(tx.select({ n: count() }).from(recallLedger).where(inArray(recallLedger.memoryId, ids))),
  };
  // "Delete all" keeps the audit entries without their text, as a single delete does; an account
  // deletion removes them. Versions, vectors, sources, postings and ledger rows go with the
  // memories (on delete cascade).
  await eraseMemories(tx, ids, job.kind === 'delete_all' ? 'scrub' : 'delete');
  return counts;
}

/** Deletes the rows `pick` chose (a limited select); the number deleted. */
async function deleteSome(pick: Promise<{ id: string }[]>, remove: (ids: string[]) => Promise<unknown>): Promise<number> {
  const ids = (await pick).map((r) => r.id);
  if (ids.length > 0) await remove(ids);
  return ids.length;
}

/** An account's conversations, one at a time: its messages a chunk per call, then the conversation. */
async function sweepConversation(tx: Tx, limit: number): Promise<number> {
  const [conversation] = await tx.select({ id: conversations.id }).from(conversations).limit(1);
  if (!conversation) return 0;
  const gone = await deleteSome(
    tx.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversation.id)).limit(limit),
    (ids) => tx.delete(messages).where(inArray(messages.id, ids)),
  );
  if (gone > 0) return gone;
  await tx.delete(conversations).where(eq(conversations.id, conversation.id));
  return 1;
}

/**
 * Deletes the next chunk; returns what it removed (memories counted for the receipt), or null
 * when nothing the erasure covers is left.
 */
export async function sweepOnce(tx: Tx, job: SweepJob, sizes: BulkSizes): Promise<{ counts: ErasureCounts | null } | null> {
  const counts = await sweepMemories(tx, job, sizes.eraseMemoryChunk);
  if (counts) return { counts };
  if (job.kind === 'delete_all') return null;
  const limit = sizes.eraseRowChunk;
  const steps: (() => Promise<number>)[] = [
    () => deleteSome(tx.select({ id: auditLog.id }).from(auditLog).limit(limit), (ids) => tx.delete(auditLog).where(inArray(auditLog.id, ids))),
    () => sweepConversation(tx, limit),
    () => deleteSome(tx.select({ id: outbox.id }).from(outbox).limit(limit), (ids) => tx.delete(outbox).where(inArray(outbox.id, ids))),
    // A cancelled import's staged items (its text), then the account's other jobs.
    async () => {
      const staged = await tx.select({ jobId: importItems.jobId, idx: importItems.idx }).from(importItems).limit(limit);
      if (staged.length === 0) return 0;
      const keys = sql.join(staged.map((s) => sql`(${s.jobId}::uuid, ${s.idx}::int)`), sql`, `);
      await tx.delete(importItems).where(sql`(${importItems.jobId}, ${importItems.idx}) in (${keys})`);
      return staged.length;
    },
    () => deleteSome(tx.select({ id: bulkJobs.id }).from(bulkJobs).where(ne(bulkJobs.id, job.jobId)).limit(limit), (ids) => tx.delete(bulkJobs).where(inArray(bulkJobs.id, ids))),
  ];
  for (const step of steps) if ((await step()) > 0) return { counts: null };
  return null;
}
