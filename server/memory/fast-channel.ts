/**
 * The fast channel (SPEC §4.1): an explicit "remember …" is stored before the reply is written,
 * high confidence, importance ≥ 4; an explicit "forget …" hard-deletes the matching memory. The
 * result is handed to the model as a note so the reply can confirm exactly what happened.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { memories, messages } from '../../db/schema';
import type { Tx } from '../../db/types';
import { embeddingText, type Embedder } from './embedder';
import { applyValidatedMemory } from './apply-memories';
import { hardDeleteMemory } from './delete-memory';
import { detectExplicitCommand } from './explicit-command';
import type { ExtractionWindow } from './extraction-schema';
import { findSimilarMemories } from './embeddings';
import { termCoverage } from './memory-match';
import type { MemoryRow } from './memory-types';
import { extractExplicit } from './rules';
import { lockUserMemory } from './user-lock';
import { validateExtracted } from './validate';

export type FastChannelResult =
  | { kind: 'remembered'; memories: { id: string; summary: string }[] }
  | { kind: 'not_stored'; reason: string }
  | { kind: 'forgotten'; summaries: string[] }
  | { kind: 'nothing_to_forget'; target: string };

export interface FastChannelMessage {
  id: string;
  conversationId: string;
  content: string;
  createdAt: Date;
}

// A forget request names its memory by words; below this share of its words nothing is deleted.
const FORGET_MIN_COVERAGE = 0.5;
const FORGET_MIN_SIMILARITY = 0.55;

async function markHandled(tx: Tx, messageId: string, kind: 'remember' | 'forget'): Promise<void> {
  await tx
    .update(messages)
    .set({ metadata: sql`${messages.metadata} || ${JSON.stringify({ fastChannel: kind })}::jsonb` })
    .where(eq(messages.id, messageId));
}

async function remember(db: UserDb, message: FastChannelMessage, content: string, embedder: Embedder, timeZone: string): Promise<FastChannelResult> {
  const window: ExtractionWindow = {
    messages: [{ id: message.id, role: 'user', content: message.content, createdAt: message.createdAt }],
    newMessageIds: [message.id],
    timeZone,
    knownEntities: [],
  };
  const { accepted, dropped } = validateExtracted(extractExplicit(content, window.messages[0]!, window), window);
  if (accepted.length === 0) {
    const reason = dropped[0]?.reason === 'secret' ? 'it looks like a password, key or ID number, which are never stored' : 'there was nothing to store';
    await db.run((tx) => markHandled(tx, message.id, 'remember'));
    return { kind: 'not_stored', reason };
  }
  const vectors = await embedder.embed(accepted.map(embeddingText));
  const stored = await db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const results: { id: string; summary: string }[] = [];
    for (const [i, item] of accepted.entries()) {
      const applied = await applyValidatedMemory(tx, item, vectors[i]!, {
        userId: db.userId,
        conversationId: message.conversationId,
        actor: 'fast_channel',
        embeddingModel: embedder.modelId,
        now: message.createdAt,
      });
      results.push({ id: applied.memory.id, summary: applied.memory.summary });
    }
    await markHandled(tx, message.id, 'remember');
    return results;
  });
  return { kind: 'remembered', memories: stored };
}

/** The memories a "forget …" names: by its words first, else by meaning. */
async function findForgetTargets(tx: Tx, target: string, vector: number[], model: string): Promise<MemoryRow[]> {
  const live = await tx.select().from(memories).where(inArray(memories.status, ['active', 'candidate', 'conflicted']));
  const scored = live
    .map((m) => ({ m, coverage: termCoverage(target, `${m.summary} ${m.entities.join(' ')} ${m.quote}`) }))
    .filter((x) => x.coverage >= FORGET_MIN_COVERAGE)
    .sort((a, b) => b.coverage - a.coverage);
  if (scored[0]) return scored.filter((x) => x.coverage === scored[0]!.coverage).map((x) => x.m);
  const similar = await findSimilarMemories(tx, vector, model, { statuses: ['active'], limit: 1, minSimilarity: FORGET_MIN_SIMILARITY });
  return similar.map((s) => s.memory);
}

async function forget(db: UserDb, message: FastChannelMessage, target: string, embedder: Embedder): Promise<FastChannelResult> {
  const [vector] = await embedder.embed([target]);
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const found = await findForgetTargets(tx, target, vector!, embedder.modelId);
    for (const memory of found) await hardDeleteMemory(tx, memory, 'fast_channel', 'The user asked to forget it in chat');
    await markHandled(tx, message.id, 'forget');
    return found.length > 0 ? { kind: 'forgotten', summaries: found.map((m) => m.summary) } : { kind: 'nothing_to_forget', target };
  });
}

export async function runFastChannel(db: UserDb, message: FastChannelMessage, deps: { embedder: Embedder; timeZone: string }): Promise<FastChannelResult | null> {
  const command = detectExplicitCommand(message.content);
  if (!command) return null;
  return command.kind === 'remember'
    ? remember(db, message, command.content, deps.embedder, deps.timeZone)
    : forget(db, message, command.target, deps.embedder);
}

/** The note the model reads, so its reply confirms what actually happened. */
export function fastChannelNote(result: FastChannelResult): string {
  switch (result.kind) {
    case 'remembered':
      return `[Memory update] Saved to long-term memory just now: ${result.memories.map((m) => `"${m.summary}"`).join('; ')}. Confirm this to the user in one short sentence.`;
    case 'not_stored':
      return `[Memory update] Nothing was saved because ${result.reason}. Tell the user briefly.`;
    case 'forgotten':
      return `[Memory update] Deleted from long-term memory just now: ${result.summaries.map((s) => `"${s}"`).join('; ')}. Confirm to the user that it is forgotten.`;
    case 'nothing_to_forget':
      return `[Memory update] The user asked to forget "${result.target}", but no stored memory matches it. Say so, and that nothing was deleted.`;
  }
}
