/**
 * One chat turn, end to end: store the user's message, build the prompt (system + memory +
 * working memory), stream the reply, then store it (complete, or the partial text marked
 * stopped if the user stopped it) together with the turn's outbox event for the memory pipeline.
 */
import 'server-only';
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  isStepCount,
  streamText,
  toUIMessageStream,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
  type UIMessage,
} from 'ai';
import { eq } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { conversations } from '../../db/schema';
import type { Tx } from '../../db/types';
import { getUserSettings } from '../account/user-settings';
import { config } from '../config';
import { AppError } from '../errors';
import { enqueueEvent, type OutboxRow } from '../events/outbox';
import type { Dispatcher } from '../jobs/dispatch';
import { type FastChannelMessage, type FastChannelResult } from '../memory/fast-channel';
import { fastChannelNote } from '../memory/fast-channel-note';
import { turnCompleted } from '../../inngest/events';
import { recordLedger, touchAccessStats } from '../recall/ledger';
import type { RecallInput, RecallResult } from '../recall/recall';
import type { ChatRequest } from './chat-request';
import { deleteRepliesAfter, insertMessage, loadHistory } from './chat-messages';
import { extendConversationSummary } from './conversation-summary';
import { generateTitle } from './conversation-title';
import { findConversation } from './conversations';
import { describeProviderError } from './provider-errors';
import { buildSystemPrompt } from './system-prompt';
import { buildWorkingMemory, type WorkingMemory } from './working-memory';

export type ChatUIMessage = UIMessage<
  { model?: string; status?: 'complete' | 'stopped'; memoriesUsed?: number },
  { title: { conversationId: string; title: string } }
>;

export interface ChatTurnDeps {
  model: LanguageModel;
  modelId: string;
  /** Delivers the turn's outbox event after commit (Inngest or in-process). */
  dispatcher: Dispatcher;
  /** Explicit "remember …" / "forget …" handled before the reply (SPEC §4.1). */
  fastChannel?: (db: UserDb, message: FastChannelMessage) => Promise<FastChannelResult | null>;
  rateLimit: { check(key: string): void };
  /** Runs work after the response is sent (Next's `after`); tests await it directly. */
  defer: (task: () => Promise<void>) => void;
  now?: () => Date;
  /** Recall for this turn (SPEC §5): the memory section and the ledger of its decisions. */
  recall?: (db: UserDb, input: RecallInput) => Promise<RecallResult | null>;
  /** Tools the model may call this turn (memory management with a real model). */
  tools?: (db: UserDb, context: { message: string }) => ToolSet;
}

const UNIQUE_VIOLATION = '23505';
const notFound = () => new AppError('not_found:conversation', 'This conversation does not exist or was deleted.');

interface PreparedTurn {
  userMessage: { id: string; content: string; createdAt: Date; isNew: boolean };
  history: Awaited<ReturnType<typeof loadHistory>>;
  title: string | null;
  summary: string | null;
  summaryUpTo: string | null;
  isFirstTurn: boolean;
}

async function createConversation(tx: Tx, id: string, userId: string): Promise<void> {
  try {
    // A savepoint, so a clash with another user's id fails cleanly without aborting the turn.
    await tx.transaction((inner) => inner.insert(conversations).values({ id, userId }).then(() => undefined));
  } catch (error) {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    // The id exists but row-level security hides it: it belongs to someone else.
    if (code === UNIQUE_VIOLATION) throw notFound();
    throw error;
  }
}

/** Everything before the model call, in one transaction: the user's message is safe first. */
async function prepareTurn(db: UserDb, input: ChatRequest): Promise<PreparedTurn> {
  return db.run(async (tx) => {
    let conversation = await findConversation(tx, input.id);
    let userMessage: PreparedTurn['userMessage'];
    if (input.trigger === 'submit-message') {
      if (!conversation) {
        await createConversation(tx, input.id, db.userId);
        conversation = await findConversation(tx, input.id);
      }
      const stored = await insertMessage(tx, { conversationId: input.id, userId: db.userId, role: 'user', content: input.message.text });
      userMessage = { id: stored.id, content: input.message.text, createdAt: stored.createdAt, isNew: true };
    } else {
      if (!conversation) throw notFound();
      const history = await loadHistory(tx, input.id);
      const lastUser = history.findLast((m) => m.role === 'user');
      if (!lastUser) throw new AppError('bad_request:chat', 'There is no message to answer yet.');
      await deleteRepliesAfter(tx, input.id, lastUser);
      userMessage = { id: lastUser.id, content: lastUser.content, createdAt: lastUser.createdAt, isNew: false };
    }
    if (!conversation) throw notFound();
    const history = await loadHistory(tx, input.id);
    return {
      userMessage,
      history,
      title: conversation.title,
      summary: conversation.summary,
      summaryUpTo: conversation.summaryUpToMessageId,
      isFirstTurn: history.filter((m) => m.role === 'user').length === 1,
    };
  });
}

function toModelMessages(memory: WorkingMemory): ModelMessage[] {
  return memory.messages.map((m) => ({ role: m.role, content: m.content }));
}

export async function runChatTurn(db: UserDb, input: ChatRequest, signal: AbortSignal, deps: ChatTurnDeps): Promise<Response> {
  deps.rateLimit.check(db.userId);
  const now = deps.now?.() ?? new Date();
  const turn = await prepareTurn(db, input);
  const { timeZone } = await getUserSettings(db);
  const memory = buildWorkingMemory(turn.history, {
    budget: config.chat.workingMemoryTokens,
    summary: turn.summary,
    summaryUpTo: turn.summaryUpTo,
  });
  // Stored before the reply is written, so the reply can confirm it (and a regenerate does not
  // store it twice).
  const fast =
    turn.userMessage.isNew && deps.fastChannel
      ? await deps.fastChannel(db, { ...turn.userMessage, conversationId: input.id })
      : null;
  const earlier = turn.history.filter((m) => m.id !== turn.userMessage.id).slice(-4);
  const recalled = deps.recall ? await deps.recall(db, { message: turn.userMessage.content, recentTurns: earlier, now }) : null;
  const memorySection = [recalled?.section ?? '', fast ? fastChannelNote(fast) : ''].filter(Boolean).join('\n\n');
  const memoriesUsed = recalled?.injectedIds.length ?? 0;
  const titlePromise = !turn.title && turn.isFirstTurn ? generateTitle(deps.model, turn.userMessage.content, signal) : null;
  const assistantId = crypto.randomUUID();

  const stream = createUIMessageStream<ChatUIMessage>({
    execute: async ({ writer }) => {
      // A request the fast channel already carried out is not offered to the tools as well: the
      // model would change the same memory a second time.
      const tools = fast ? undefined : deps.tools?.(db, { message: turn.userMessage.content });
      const result = streamText({
        model: deps.model,
        // A tool call is a step; the model then answers with what the tool did.
        ...(tools ? { tools, stopWhen: isStepCount(config.chat.maxToolSteps) } : {}),
        system: buildSystemPrompt({ now, timeZone, memorySection, conversationSummary: memory.summary }),
        messages: toModelMessages(memory),
        abortSignal: signal,
        maxRetries: 1,
        timeout: config.chat.providerTimeoutMs,
        // Reported once, below, in words the user can act on.
        onError: () => undefined,
      });
      let text = '';
      let failure: string | null = null;
      let finish: Parameters<typeof writer.write>[0] | null = null;
      const ui = toUIMessageStream<ToolSet, ChatUIMessage>({
        stream: result.stream,
        generateMessageId: () => assistantId,
        messageMetadata: ({ part }) => (part.type === 'start' ? { model: deps.modelId } : undefined),
        // Also phrases a failed tool call for the UI; only an `error` chunk fails the turn (a
        // tool's error goes back to the model, which answers with it).
        onError: (error) => {
          const described = describeProviderError(error);
          console.error(`[chat] provider error (${described.code}):`, error instanceof Error ? error.message : error);
          return described.message;
        },
      });
      for await (const chunk of ui) {
        if (chunk.type === 'text-delta') text += chunk.delta;
        if (chunk.type === 'error') failure = chunk.errorText;
        // Hold the finish back until the reply is stored, so the client never sees a
        // finished reply that a reload would not show.
        if (chunk.type === 'finish') finish = chunk;
        else writer.write(chunk);
      }

      if (failure) return; // the user's message stays; nothing half-written is stored as a reply
      const stopped = signal.aborted;
      if (stopped && text.trim() === '') return;
      // The reply and its turn event commit together (transactional outbox): a crash after
      // this point loses no turn, the sweeper re-sends it.
      const event = await db.run(async (tx): Promise<OutboxRow | null> => {
        await insertMessage(tx, {
          id: assistantId,
          conversationId: input.id,
          userId: db.userId,
          role: 'assistant',
          content: text,
          status: stopped ? 'stopped' : 'complete',
          metadata: { model: deps.modelId, memoriesUsed, ...(fast ? { fastChannel: fast.kind } : {}) },
        });
        if (recalled) await recordLedger(tx, db.userId, assistantId, recalled.decisions);
        if (stopped) return null;
        return enqueueEvent(tx, {
          userId: db.userId,
          event: turnCompleted.name,
          payload: { userId: db.userId, conversationId: input.id, messageIds: [turn.userMessage.id, assistantId] },
          idempotencyKey: `turn-${assistantId}`,
        });
      });
      if (titlePromise) {
        const title = await titlePromise;
        await db.run((tx) => tx.update(conversations).set({ title }).where(eq(conversations.id, input.id)));
        writer.write({ type: 'data-title', data: { conversationId: input.id, title }, transient: true });
      }
      writer.write({ ...(finish ?? { type: 'finish' }), messageMetadata: { model: deps.modelId, memoriesUsed } });

      deps.defer(async () => {
        if (recalled) await touchAccessStats(db, recalled.injectedIds, now);
        if (event) await deps.dispatcher.dispatch(event);
        if (memory.unsummarised.length > 0) {
          await extendConversationSummary(db, deps.model, input.id, memory.summary, memory.unsummarised);
        }
      });
    },
    onError: (error) => {
      console.error('[chat] turn failed', error);
      return error instanceof AppError ? error.message : 'Something went wrong while answering. Retry in a moment.';
    },
  });
  return createUIMessageStreamResponse({ stream });
}
