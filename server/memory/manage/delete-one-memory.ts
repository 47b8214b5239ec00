import 'server-only';
import { and, count, countDistinct, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { memories, memoryEmbeddings, memorySources, memoryVersions, recallLedger } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { Actor, MemoryRow } from '../memory-types';
import { hardDeleteMemory } from '../delete-memory';
import { lockUserMemory } from '../user-lock';
import { findMemory } from './find-memory';
import type { deleteReceipt } from './schemas';

type Receipt = z.output<typeof deleteReceipt>;

async function mergedInto(tx: Tx, memory: MemoryRow): Promise<Receipt['mergedInto']> {
  if (memory.status !== 'merged' || !memory.supersedesId) return null;
  const [summary] = await tx.select({ id: memories.id, summary: memories.summary }).from(memories).where(eq(memories.id, memory.supersedesId));
  if (!summary) return null;
  const [siblings] = await tx
    .select({ n: count() })
    .from(memories)
    .where(and(eq(memories.supersedesId, summary.id), eq(memories.status, 'merged')));
  return { ...summary, sourcesLeft: (siblings?.n ?? 1) - 1 };
}

/** Everything a delete reaches, so the page can show it before and confirm it after. */
async function reachOf(tx: Tx, id: string): Promise<Receipt> {
  const memory = await findMemory(tx, id);
  const [[versions], [sources], [vectors], [ledger], [citing], linked] = await Promise.all([
    tx.select({ n: count() }).from(memoryVersions).where(eq(memoryVersions.memoryId, id)),
    tx.select({ n: count() }).from(memorySources).where(eq(memorySources.memoryId, id)),
    tx.select({ n: count() }).from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, id)),
    tx.select({ n: count() }).from(recallLedger).where(eq(recallLedger.memoryId, id)),
    tx
      .select({ n: countDistinct(recallLedger.messageId) })
      .from(recallLedger)
      .where(and(eq(recallLedger.memoryId, id), eq(recallLedger.outcome, 'injected'))),
    tx.select({ id: memories.id, summary: memories.summary, status: memories.status }).from(memories).where(eq(memories.supersedesId, id)),
  ]);
  return {
    id: memory.id,
    mergedInto: await mergedInto(tx, memory),
    versions: versions?.n ?? 0,
    sources: sources?.n ?? 0,
    vectors: vectors?.n ?? 0,
    ledgerEntries: ledger?.n ?? 0,
    answersCiting: citing?.n ?? 0,
    linkedMemories: linked,
  };
}

/** What deleting this memory would remove, for the confirmation dialog. */
export async function previewDeleteMemory(db: UserDb, id: string): Promise<Receipt> {
  return db.run((tx) => reachOf(tx, id));
}

/**
 * The user deletes one memory: a hard delete of the item, its versions, vectors, sources and
 * ledger rows (SPEC §7), with its text scrubbed from the audit log. Answers what it removed.
 */
export async function deleteOneMemory(db: UserDb, id: string, actor: Actor = 'user', reason = 'Deleted by the user'): Promise<Receipt> {
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const receipt = await reachOf(tx, id);
    await hardDeleteMemory(tx, { id, userId: db.userId }, actor, reason);
    return receipt;
  });
}
