/**
 * The fast channel (SPEC §4.1, §7 "In chat"): an explicit "remember …" is stored before the reply
 * is written, high confidence, importance ≥ 4; "forget …" hard-deletes the matching memory;
 * "what do you remember about me?" lists what is stored; "lower the priority of …" and "that's
 * wrong, …" change a memory through the settings page's own edit. The result is handed to the
 * model as a note (fast-channel-note.ts) so the reply says exactly what happened.
 */
import { eq, sql } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { messages } from '../../db/schema';
import type { Tx } from '../../db/types';
import { embeddingText, type Embedder } from './embedder';
import { hardDeleteMemory } from './delete-memory';
import { applyCorrection, findCorrectionTarget } from './chat-commands/correct';
import { detectMemoryCommand, type MemoryCommand } from './chat-commands/command';
import { findNamedMemories } from './chat-commands/find-named';
import { listMemoriesForChat, type MemoryListing } from './chat-commands/list-for-chat';
import { reprioritizeFromChat, type ReprioritizeResult } from './chat-commands/reprioritize';
import { extractStated, rememberStated } from './remember-stated';
import { providerSecretValues } from './validate/provider-secrets';
import { lockUserMemory } from './user-lock';

export type FastChannelResult =
  /** `held`: stored as a candidate that waits for the user's yes on the Memory page, and why. */
  | { kind: 'remembered'; memories: { id: string; summary: string; held?: string }[] }
  /** `cause` says which refusal it was, for the chat's notice line (issue 15). */
  | { kind: 'not_stored'; reason: string; cause?: 'blocked' | 'secret' | 'nothing' }
  | { kind: 'forgotten'; summaries: string[] }
  | { kind: 'nothing_to_forget'; target: string }
  | ({ kind: 'listed' } & MemoryListing)
  | ReprioritizeResult
  | { kind: 'corrected'; before: string; after: string }
  | { kind: 'already_known'; summary: string };

export interface FastChannelMessage {
  id: string;
  conversationId: string;
  content: string;
  createdAt: Date;
}

async function markHandled(tx: Tx, messageId: string, kind: MemoryCommand['kind']): Promise<void> {
  await tx
    .update(messages)
    .set({ metadata: sql`${messages.metadata} || ${JSON.stringify({ fastChannel: kind })}::jsonb` })
    .where(eq(messages.id, messageId));
}

/** The chat's "remember …": the same steps as an app's remember (remember-stated.ts), marked handled with it. */
async function remember(db: UserDb, message: FastChannelMessage, content: string, deps: FastChannelDeps): Promise<FastChannelResult> {
  if (deps.storeBlocked) return { kind: 'not_stored', reason: deps.storeBlocked, cause: 'blocked' };
  const outcome = await rememberStated(db, message, content, { embedder: deps.embedder, timeZone: deps.timeZone, actor: 'fast_channel' }, (tx) =>
    markHandled(tx, message.id, 'remember'),
  );
  if (outcome.kind === 'not_stored') {
    await db.run((tx) => markHandled(tx, message.id, 'remember'));
    return outcome;
  }
  return { kind: 'remembered', memories: outcome.memories.map(({ id, summary, held }) => ({ id, summary, ...(held ? { held } : {}) })) };
}

async function forget(db: UserDb, message: FastChannelMessage, target: string, embedder: Embedder): Promise<FastChannelResult> {
  const [vector] = await embedder.embed([target]);
  return db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    const found = await findNamedMemories(tx, target, vector!, embedder.modelId, { includeMerged: true });
    for (const memory of found) await hardDeleteMemory(tx, memory, 'fast_channel', 'The user asked to forget it in chat');
    await markHandled(tx, message.id, 'forget');
    return found.length > 0 ? { kind: 'forgotten', summaries: found.map((m) => m.summary) } : { kind: 'nothing_to_forget', target };
  });
}

async function correct(db: UserDb, message: FastChannelMessage, statement: string, deps: FastChannelDeps): Promise<FastChannelResult | null> {
  const [item] = extractStated(message, statement, deps.timeZone, await providerSecretValues([message.content])).accepted;
  // "That's wrong, whatever" states nothing storable: an ordinary turn, the model answers it.
  if (!item) return null;
  const [vector] = await deps.embedder.embed([embeddingText(item)]);
  const target = await db.run((tx) => findCorrectionTarget(tx, item, vector!, deps.embedder.modelId, message.conversationId));
  if (target?.alreadyRight) {
    await db.run((tx) => markHandled(tx, message.id, 'correct'));
    return { kind: 'already_known', summary: target.memory.summary };
  }
  if (!target) return remember(db, message, statement, deps);
  const updated = await applyCorrection(db, target.memory, item, vector!, deps.embedder.modelId, { conversationId: message.conversationId, messageId: message.id });
  await db.run((tx) => markHandled(tx, message.id, 'correct'));
  return { kind: 'corrected', before: target.memory.summary, after: updated.summary };
}

export interface FastChannelDeps {
  embedder: Embedder;
  timeZone: string;
  /** Why nothing new may be stored (memory off, or this conversation is "don't remember"). */
  storeBlocked?: string | null;
}

export async function runFastChannel(db: UserDb, message: FastChannelMessage, deps: FastChannelDeps): Promise<FastChannelResult | null> {
  const command = detectMemoryCommand(message.content);
  if (!command) return null;
  switch (command.kind) {
    case 'remember':
      return remember(db, message, command.content, deps);
    case 'forget':
      return forget(db, message, command.target, deps.embedder);
    case 'list':
      return { kind: 'listed', ...(await listMemoriesForChat(db)) };
    case 'reprioritize': {
      const result = await reprioritizeFromChat(db, { ...command, quote: message.content }, deps.embedder);
      await db.run((tx) => markHandled(tx, message.id, 'reprioritize'));
      return result;
    }
    case 'correct':
      return correct(db, message, command.statement, deps);
  }
}
