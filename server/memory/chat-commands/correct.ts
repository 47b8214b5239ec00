import { and, desc, eq, inArray } from 'drizzle-orm';
import type { UserDb } from '../../../db/boundary';
import { memorySources, messages, recallLedger } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { config } from '../../config';
import { findSimilarMemories, type SimilarMemory } from '../embeddings';
import { applyUserChange, replaceEmbedding } from '../manage/apply-user-change';
import { entitiesOverlap, slotKey } from '../memory-match';
import type { MemoryRow } from '../memory-types';
import type { ValidatedMemory } from '../validate';
import { lockUserMemory } from '../user-lock';

// "住在" is a whole slot in two characters; the user said the old value is wrong, so a short
// slot is enough to go on.
const SLOT_KEY_MIN_CHARS = 2;

/** Ids of the memories injected into this conversation's latest reply: what "that's wrong" is about. */
async function lastInjected(tx: Tx, conversationId: string): Promise<Set<string>> {
  const [reply] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'assistant')))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (!reply) return new Set();
  const rows = await tx
    .select({ memoryId: recallLedger.memoryId })
    .from(recallLedger)
    .where(and(eq(recallLedger.messageId, reply.id), inArray(recallLedger.outcome, ['injected'])));
  return new Set(rows.map((r) => r.memoryId));
}

function sameSlot(memory: MemoryRow, item: ValidatedMemory): boolean {
  const key = slotKey(item.summary, item.entities);
  return (
    [...key].length >= SLOT_KEY_MIN_CHARS &&
    memory.entities.length > 0 &&
    slotKey(memory.summary, memory.entities) === key &&
    !entitiesOverlap(memory.entities, item.entities)
  );
}

export type CorrectionTarget = { memory: MemoryRow; alreadyRight: boolean } | null;

/**
 * Which memory a correction replaces. In order: one that says the same thing about a different
 * value ("Lives in Shanghai" for "I live in Hangzhou"), preferring what the last reply used; then
 * a memory the last reply used on the same topic; then the nearest memory of the same type on the
 * same topic. A memory that already says the new thing means there is nothing to correct.
 */
export async function findCorrectionTarget(tx: Tx, item: ValidatedMemory, vector: number[], model: string, conversationId: string): Promise<CorrectionTarget> {
  const [used, similar] = await Promise.all([
    lastInjected(tx, conversationId),
    findSimilarMemories(tx, vector, model, { statuses: ['active'], limit: 10 }),
  ]);
  const same = similar.find((s) => s.similarity >= config.memory.dedupCosine && entitiesOverlap(s.memory.entities, item.entities));
  if (same) return { memory: same.memory, alreadyRight: true };
  const onTopic = (s: SimilarMemory) => s.similarity >= config.chatCommands.correctionMinSimilarity;
  const bySlot = similar.filter((s) => sameSlot(s.memory, item));
  const pick =
    bySlot.find((s) => used.has(s.memory.id)) ??
    bySlot[0] ??
    similar.find((s) => used.has(s.memory.id) && onTopic(s)) ??
    similar.find((s) => s.memory.type === item.type && onTopic(s));
  return pick ? { memory: pick.memory, alreadyRight: false } : null;
}

/**
 * Rewrites the memory to what the user says is true: a new version by "you" (the same change as
 * an edit on the settings page), quoting the correction, with a vector for the new text. The
 * correction becomes its source — the card quotes what the user said last, and the old quote
 * stays in the version history.
 */
export async function applyCorrection(
  db: UserDb,
  target: MemoryRow,
  item: ValidatedMemory,
  vector: number[],
  model: string,
  source: { conversationId: string; messageId: string },
): Promise<MemoryRow> {
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    // One version: the new text and the correction as its source (the old quote is in the history).
    const row = await applyUserChange(
      tx,
      target,
      {
        summary: item.summary,
        entities: item.entities,
        type: item.type,
        kind: item.kind,
        sensitive: item.sensitive,
        confidence: 'high',
        quote: item.quote,
        sourceConversationId: source.conversationId,
        sourceMessageId: source.messageId,
      },
      `Corrected in chat: "${item.quote}"`,
      'memory.updated',
    );
    await tx.insert(memorySources).values({ memoryId: row.id, userId: row.userId, conversationId: source.conversationId, messageId: source.messageId, quote: item.quote }).onConflictDoNothing();
    await replaceEmbedding(tx, row, model, vector);
    return row;
  });
}
