/**
 * The memory ledger: what recall considered for each answer and why (SPEC §5.6). Written with
 * the assistant message, read by the "used N memories" panel, and the place where a user's
 * "not relevant" counts toward the memory's fail_count.
 */
import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { memories, recallLedger } from '../../db/schema';
import type { Tx } from '../../db/types';
import { AppError } from '../errors';
import { countNotRelevant, recordAccess } from '../memory/repository';
import type { Decision } from './select';

export async function recordLedger(tx: Tx, userId: string, messageId: string, decisions: Decision[]): Promise<void> {
  if (decisions.length === 0) return;
  // A memory deleted while the reply was written (a "forget" tool call in this very turn, or the
  // settings page in another tab) has no provenance left to record.
  const ids = [...new Set(decisions.map((d) => d.memory.id))];
  const live = new Set((await tx.select({ id: memories.id }).from(memories).where(inArray(memories.id, ids))).map((r) => r.id));
  const kept = decisions.filter((d) => live.has(d.memory.id));
  if (kept.length === 0) return;
  await tx
    .insert(recallLedger)
    .values(
      kept.map((d) => ({
        userId,
        messageId,
        memoryId: d.memory.id,
        outcome: d.outcome,
        detail: d.detail,
        rank: d.rank,
        score: d.parts.score,
        similarity: d.parts.similarity,
        lexical: d.parts.lexical,
        relevance: d.parts.relevance,
        importance: d.parts.importance,
        recency: d.parts.recency,
        frequency: d.parts.frequency,
        confidenceFactor: d.parts.confidenceFactor,
        routes: d.routes,
      })),
    )
    .onConflictDoNothing();
}

/** Access statistics, updated after the reply, off the hot path (SPEC §5.7). */
export async function touchAccessStats(db: UserDb, memoryIds: string[], now: Date): Promise<void> {
  if (memoryIds.length === 0) return;
  await db.run((tx) => recordAccess(tx, memoryIds, now));
}

export async function ledgerForMessage(db: UserDb, messageId: string) {
  return db.run((tx) =>
    tx
      .select({
        memoryId: recallLedger.memoryId,
        outcome: recallLedger.outcome,
        detail: recallLedger.detail,
        rank: recallLedger.rank,
        score: recallLedger.score,
        similarity: recallLedger.similarity,
        lexical: recallLedger.lexical,
        relevance: recallLedger.relevance,
        importance: recallLedger.importance,
        recency: recallLedger.recency,
        frequency: recallLedger.frequency,
        confidenceFactor: recallLedger.confidenceFactor,
        routes: recallLedger.routes,
        markedNotRelevant: recallLedger.markedNotRelevant,
        summary: memories.summary,
        type: memories.type,
        kind: memories.kind,
        status: memories.status,
        occurredAt: memories.occurredAt,
        createdAt: memories.createdAt,
        sourceConversationId: memories.sourceConversationId,
        sourceMessageId: memories.sourceMessageId,
        quote: memories.quote,
      })
      .from(recallLedger)
      .innerJoin(memories, eq(memories.id, recallLedger.memoryId))
      .where(eq(recallLedger.messageId, messageId))
      .orderBy(asc(recallLedger.rank)),
  );
}

export type LedgerEntry = Awaited<ReturnType<typeof ledgerForMessage>>[number];

/** "Not relevant" on an injected memory: counted once per answer toward its fail_count. */
export async function markNotRelevant(db: UserDb, messageId: string, memoryId: string): Promise<{ failCount: number }> {
  return db.run(async (tx) => {
    const [entry] = await tx
      .update(recallLedger)
      .set({ markedNotRelevant: true })
      .where(and(eq(recallLedger.messageId, messageId), eq(recallLedger.memoryId, memoryId), eq(recallLedger.outcome, 'injected'), eq(recallLedger.markedNotRelevant, false)))
      .returning({ id: recallLedger.id });
    if (!entry) {
      // Already marked (a double click) is fine; a memory that was not used in that answer is not.
      const [already] = await tx
        .select({ failCount: memories.failCount })
        .from(recallLedger)
        .innerJoin(memories, eq(memories.id, recallLedger.memoryId))
        .where(and(eq(recallLedger.messageId, messageId), eq(recallLedger.memoryId, memoryId), eq(recallLedger.markedNotRelevant, true)));
      if (already) return already;
      throw new AppError('not_found:memory', 'That memory was not used in this answer.');
    }
    const memory = await countNotRelevant(tx, memoryId);
    if (!memory) throw new AppError('not_found:memory', 'That memory no longer exists.');
    return memory;
  });
}
