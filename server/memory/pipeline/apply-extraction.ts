import { eq } from 'drizzle-orm';
import type { WithUser } from '../../../db/boundary';
import { conversations } from '../../../db/schema';
import { applyValidatedMemory, type ApplyOutcome } from '../apply-memories';
import type { ValidatedMemory } from '../extraction-schema';
import { lockUserMemory } from '../user-lock';
import type { LoadedWindow } from './load-window';

export interface ApplySummary {
  applied: Partial<Record<ApplyOutcome, number>>;
  memoryIds: string[];
  /** Items whose source message another run had already covered. */
  skippedAsDone: number;
}

/**
 * The words around an item's own: the message its source replied to, and the rest of its own
 * message ("My side project is Meeple. I want to launch it by June": "it" is found by "Meeple";
 * "fell off my bike, knee is swollen": the fall is found by "knee"). Indexed with the memory at a
 * lower weight (search-text.ts), never shown as its words.
 */
function contextOf(entry: { message: { content: string }; previous: { content: string } | null } | undefined, quote: string): string | null {
  if (!entry) return null;
  const content = entry.message.content;
  const at = content.indexOf(quote);
  const around = at === -1 ? '' : `${content.slice(Math.max(0, at - CONTEXT_BEFORE_CHARS), at)} ${content.slice(at + quote.length, at + quote.length + CONTEXT_AFTER_CHARS)}`;
  const text = `${entry.previous?.content.slice(-CONTEXT_BEFORE_CHARS) ?? ''}\n${around}`.trim();
  return text === '' ? null : text;
}

const SENTENCE_ENDS = ['. ', '! ', '? ', '\n', '。', '！', '？'];

/** The sentence of `content` the quote sits in ("Actually, my sister's name is Clara, autocorrect…"). */
function sentenceOf(content: string | undefined, quote: string): string | null {
  const at = content?.indexOf(quote) ?? -1;
  if (!content || at === -1) return null;
  const start = Math.max(...SENTENCE_ENDS.map((end) => content.lastIndexOf(end, at)));
  const ends = SENTENCE_ENDS.map((end) => content.indexOf(end, at + quote.length)).filter((i) => i !== -1);
  return content.slice(start < 0 ? 0 : start + 1, ends.length > 0 ? Math.min(...ends) : content.length).trim();
}

const CONTEXT_BEFORE_CHARS = 200;
const CONTEXT_AFTER_CHARS = 120;

const after = (a: { at: string; id: string }, b: { at: Date; id: string | null } | null) => {
  if (!b) return true;
  const t = new Date(a.at).getTime() - b.at.getTime();
  return t > 0 || (t === 0 && a.id > (b.id ?? ''));
};

/**
 * Writes the memories of one extraction and moves the conversation's watermark, in one
 * transaction under the user's memory lock. An item whose message is already behind the
 * watermark (a retry, or a concurrent run that got there first) is skipped, so a turn's
 * memories are applied exactly once whatever the runner does.
 */
export async function applyExtraction(
  withUser: WithUser,
  userId: string,
  window: LoadedWindow,
  items: ValidatedMemory[],
  vectors: number[][],
  embeddingModel: string,
): Promise<ApplySummary> {
  return withUser(userId, async (tx) => {
    await lockUserMemory(tx, userId);
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, window.conversationId));
    const summary: ApplySummary = { applied: {}, memoryIds: [], skippedAsDone: 0 };
    if (!conversation || !window.through) return summary;
    const watermark = conversation.extractedThroughAt ? { at: conversation.extractedThroughAt, id: conversation.extractedThroughId } : null;
    const messageAt = new Map(window.messages.map((m) => [m.id, m.createdAt]));
    const byId = new Map(window.messages.map((m, i) => [m.id, { message: m, previous: window.messages[i - 1] ?? null }]));

    for (const [index, item] of items.entries()) {
      const at = messageAt.get(item.sourceMessageId);
      if (!at || !after({ at, id: item.sourceMessageId }, watermark)) {
        summary.skippedAsDone += 1;
        continue;
      }
      const vector = vectors[index];
      if (!vector) throw new Error(`applyExtraction: no vector for item ${index}`);
      const result = await applyValidatedMemory(tx, item, vector, {
        userId,
        conversationId: window.conversationId,
        actor: 'extractor',
        embeddingModel,
        // Learned when it was said (a replay or a delayed run must not date it later).
        now: new Date(at),
        context: contextOf(byId.get(item.sourceMessageId), item.quote),
        sentence: sentenceOf(byId.get(item.sourceMessageId)?.message.content, item.quote),
      });
      summary.applied[result.outcome] = (summary.applied[result.outcome] ?? 0) + 1;
      summary.memoryIds.push(result.memory.id);
    }
    if (after(window.through, watermark)) {
      await tx
        .update(conversations)
        .set({ extractedThroughAt: new Date(window.through.at), extractedThroughId: window.through.id, distilledAt: new Date() })
        .where(eq(conversations.id, window.conversationId));
    }
    return summary;
  });
}
