/**
 * One chat turn, end to end: store the user's message together with the turn's outbox event for
 * the memory pipeline, build the prompt (system + memory + working memory), stream the reply,
 * then store it (complete, or the partial text marked stopped if the user stopped it) and send
 * the event. A reply that fails, is stopped, or dies with the process still has its user's words
 * extracted: the event was committed with them (issue 14, item 9).
 */
import 'server-only';
import {
  APICallError,
  RetryError,
  createUIMessageStream,
  createUIMessageStreamResponse,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
  type UIMessage,
} from 'ai';
import { and, eq, isNull } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { conversations } from '../../db/schema';
import type { Tx } from '../../db/types';
import { getUserSettings } from '../settings/user-settings';
import { config } from '../config';
import { AppError } from '../errors';
import { enqueueEvent, type OutboxRow } from '../events/outbox';
import type { Dispatcher } from '../jobs/dispatch';
import { fastChannelNote, noteFacts } from '../memory/fast-channel-note';
import { loggableError } from '../logging/loggable-error';
import { maskValues } from '../memory/validate/secrets';
import { secretValuesIn } from '../memory/validate/provider-secrets';
import type { MemoryNotice } from '../memory/notices/schemas';
import { fastChannelTurnNotices } from '../memory/notices/turn-notices';
import type { ExtractionWindow } from '../memory/extraction-schema';
import { OFF_THE_RECORD } from '../memory/pipeline/load-window';
import { previewTurn } from '../memory/pipeline/preview-turn';
import { OFFLINE_MODEL_ID } from '../llm/offline-model';
import { turnCompleted } from '../events/contracts';
import { recordLedger, touchAccessStats } from '../recall/ledger';
import type { ChatRequest } from './chat-request';
import { deleteRepliesAfter, insertMessage, loadHistory } from './chat-messages';
import { extendConversationSummary, summaryDue } from './conversation-summary';
import { generateTitle } from './conversation-title';
import { findConversation } from './conversations';
import { echoMask } from './echo-mask';
import { maskParts } from './message-parts';
import { streamReply } from './stream-reply';
import { buildSystemPrompt } from './system-prompt';
import type { TurnMemory } from './turn-memory';
import { buildWorkingMemory, type WorkingMemory } from './working-memory';
import type { MemoryAction } from './memory-actions';

export type ChatUIMessage = UIMessage<
  { model?: string; status?: 'complete' | 'stopped'; memoriesUsed?: number; memoryActions?: MemoryAction[]; recallNote?: string },
  { retry: { seconds: number }; 'memory-notices': { notices: MemoryNotice[] } }
>;

export interface ChatTurnDeps {
  model: LanguageModel;
  modelId: string;
  /** Delivers the turn's outbox event after commit (Inngest or in-process). */
  dispatcher: Dispatcher;
  /** Explicit "remember …" / "forget …" handled before the reply (SPEC §4.1). */
  fastChannel?: TurnMemory['fastChannel'];
  /** Per-user turn limit (server/chat/rate-limit.ts); a refusal throws a 429 AppError. */
  rateLimit: { check(userId: string): Promise<void> | void };
  /** Runs work after the response is sent (Next's `after`); tests await it directly. */
  defer: (task: () => Promise<void>) => void;
  now?: () => Date;
  /** Recall for this turn (SPEC §5): the memory section and the ledger of its decisions. */
  recall?: TurnMemory['recall'];
  /** Tools the model may call this turn (memory management with a real model). */
  tools?: (db: UserDb, context: { message: string }) => ToolSet;
  /** The cheap model for titles and summaries (EXTRACTION_MODEL); the chat model when unset. */
  sideModel?: LanguageModel;
}

/**
 * The fast channel needs the embedder; when the embedding provider is down the turn goes on
 * without it (the background extraction reads the message later, and its outbox retries until
 * the embedder is back). Anything else is a real failure.
 */
function unlessProviderDown(error: unknown): null {
  const name = error instanceof Error ? error.name : '';
  if (!(APICallError.isInstance(error) || RetryError.isInstance(error) || name === 'TimeoutError' || name === 'AbortError')) throw error;
  console.warn('[chat] the fast channel was skipped: the embedding model failed;', error instanceof Error ? error.message.slice(0, 160) : error);
  return null;
}

async function saveTitle(db: UserDb, conversationId: string, title: string): Promise<void> {
  // Only where there is no title yet: the user may have renamed the chat meanwhile.
  await db.run((tx) => tx.update(conversations).set({ title }).where(and(eq(conversations.id, conversationId), isNull(conversations.title))));
}

const UNIQUE_VIOLATION = '23505';
const notFound = () => new AppError('not_found:conversation', 'This conversation does not exist or was deleted.');

interface PreparedTurn {
  userMessage: { id: string; content: string; createdAt: Date; isNew: boolean };
  /** The turn's event, committed with the user's message; sent when the reply ends. */
  event: OutboxRow;
  history: Awaited<ReturnType<typeof loadHistory>>;
  title: string | null;
  summary: string | null;
  summaryUpTo: string | null;
  isFirstTurn: boolean;
  /** "Don't remember this conversation": nothing of it is extracted. */
  memoryDisabled: boolean;
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

/**
 * The turn's event: the sweeper leaves it alone while the reply may still be streaming
 * (config.jobs.outboxTurnGraceMs), so it re-sends only a turn whose process died. The reply's id
 * is reserved now; a failed or stopped-before-any-text reply is never stored under it.
 */
function enqueueTurnEvent(tx: Tx, db: UserDb, conversationId: string, userMessageId: string, assistantId: string): Promise<OutboxRow> {
  return enqueueEvent(tx, {
    userId: db.userId,
    event: turnCompleted.name,
    payload: { userId: db.userId, conversationId, messageIds: [userMessageId, assistantId] },
    idempotencyKey: `turn-${assistantId}`,
    availableAt: new Date(Date.now() + config.jobs.outboxTurnGraceMs),
  });
}

/** Everything before the model call, in one transaction: the user's message is safe first. */
async function prepareTurn(db: UserDb, input: ChatRequest, assistantId: string, memoryEnabled: boolean): Promise<PreparedTurn> {
  return db.run(async (tx) => {
    let conversation = await findConversation(tx, input.id);
    let userMessage: PreparedTurn['userMessage'];
    if (input.trigger === 'submit-message') {
      if (!conversation) {
        await createConversation(tx, input.id, db.userId);
        conversation = await findConversation(tx, input.id);
      }
      // Said while memory was off stays off the record, even if memory is back on before the
      // (deferred, possibly debounced) extraction job reads it.
      const offTheRecord = !memoryEnabled || conversation?.memoryDisabled === true;
      const stored = await insertMessage(tx, {
        conversationId: input.id,
        userId: db.userId,
        role: 'user',
        content: input.message.text,
        ...(offTheRecord ? { metadata: { [OFF_THE_RECORD]: true } } : {}),
      });
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
      event: await enqueueTurnEvent(tx, db, input.id, userMessage.id, assistantId),
      history,
      title: conversation.title,
      summary: conversation.summary,
      summaryUpTo: conversation.summaryUpToMessageId,
      isFirstTurn: history.filter((m) => m.role === 'user').length === 1,
      memoryDisabled: conversation.memoryDisabled,
    };
  });
}

/** The extraction window the background job will build for this message (load-window.ts), from the turn's history. */
function previewWindow(turn: PreparedTurn, timeZone: string): ExtractionWindow {
  const upTo = turn.history.findIndex((m) => m.id === turn.userMessage.id);
  const context = turn.history.slice(Math.max(0, upTo - config.memory.extractionContextMessages), upTo + 1);
  return {
    messages: context.map((m) => ({ id: m.id, role: m.role, content: m.content, createdAt: m.createdAt })),
    newMessageIds: [turn.userMessage.id],
    timeZone,
    knownEntities: [],
  };
}

function toModelMessages(memory: WorkingMemory): ModelMessage[] {
  return memory.messages.map((m) => ({ role: m.role, content: m.content }));
}

export async function runChatTurn(db: UserDb, input: ChatRequest, signal: AbortSignal, deps: ChatTurnDeps): Promise<Response> {
  await deps.rateLimit.check(db.userId);
  const now = deps.now?.() ?? new Date();
  const assistantId = crypto.randomUUID();
  // Read once for the whole turn: the memory steps, the notices and the prompt's date use them.
  const settings = await getUserSettings(db);
  const { timeZone, memoryEnabled } = settings;
  const turn = await prepareTurn(db, input, assistantId, memoryEnabled);
  const memory = buildWorkingMemory(turn.history, {
    budget: config.chat.workingMemoryTokens,
    summary: turn.summary,
    summaryUpTo: turn.summaryUpTo,
    summaryBatch: config.chat.summaryBatchMessages,
  });
  // Stored before the reply is written, so the reply can confirm it (and a regenerate does not
  // store it twice).
  const fast =
    turn.userMessage.isNew && deps.fastChannel
      ? await deps.fastChannel(db, { ...turn.userMessage, conversationId: input.id }, settings).catch(unlessProviderDown)
      : null;
  const earlier = turn.history.filter((m) => m.id !== turn.userMessage.id).slice(-4);
  const recalled = deps.recall ? await deps.recall(db, { message: turn.userMessage.content, recentTurns: earlier, now }, settings) : null;
  const memorySection = [recalled?.section ?? '', fast ? fastChannelNote(fast) : ''].filter(Boolean).join('\n\n');
  const memoriesUsed = recalled?.injectedIds.length ?? 0;
  // What the fast channel just did, as notice lines under the reply (issue 15).
  const notices = await fastChannelTurnNotices(db, fast, turn.userMessage, settings.memoryNotices);
  // Titles and summaries are side tasks for the cheap model (EXTRACTION_MODEL, else the chat model).
  const sideModel = deps.sideModel ?? deps.model;
  const needsTitle = !turn.title && turn.isFirstTurn;
  // What the reply must never repeat: the secret values in the user's message.
  const secrets = await secretValuesIn(turn.userMessage.content);
  // The offline model says what this message leaves in memory; a command has its own answer.
  const offlineTurn =
    deps.modelId === OFFLINE_MODEL_ID && turn.userMessage.isNew && !fast && memoryEnabled && !turn.memoryDisabled
      ? previewTurn(previewWindow(turn, timeZone), secrets)
      : undefined;
  // The offline model gets the turn's memory as data; a real model reads the prompt text only.
  const offline =
    deps.modelId === OFFLINE_MODEL_ID ? { ...(offlineTurn ? { turn: offlineTurn } : {}), ...(recalled ? { memory: recalled.memory } : {}), fastChannel: fast ? noteFacts(fast) : null } : undefined;

  const stream = createUIMessageStream<ChatUIMessage>({
    execute: async ({ writer }) => {
      let announced = false;
      try {
        // A request the fast channel already carried out is not offered to the tools as well: the
        // model would change the same memory a second time.
        const offered = fast ? undefined : deps.tools?.(db, { message: turn.userMessage.content });
        const system = buildSystemPrompt({ now, timeZone, memorySection, conversationSummary: memory.summary });
        let reply = await streamReply(writer, deps, { system, messages: toModelMessages(memory), tools: offered, signal, assistantId, mask: echoMask(secrets), offline });
        if (reply.toolsRefused && offered) {
          // A server without tool calls (many local ones): answer without them, now and from now on.
          reply = await streamReply(writer, deps, { system, messages: toModelMessages(memory), tools: undefined, signal, assistantId, mask: echoMask(secrets) });
        }
        const { text, failure, finish, memoryActions, parts } = reply;
        if (failure) {
          // The user's message stays; nothing half-written is stored as a reply.
          if (failure.retryAfterSeconds !== null) writer.write({ type: 'data-retry', data: { seconds: failure.retryAfterSeconds }, transient: true });
          writer.write({ type: 'error', errorText: failure.message });
          return;
        }
        const stopped = signal.aborted;
        if (stopped && text.trim() === '') return;
        // What the browser is told about the reply, and what is stored with it (plus the fast channel).
        const replyMetadata = {
          model: deps.modelId,
          memoriesUsed,
          ...(memoryActions.length > 0 ? { memoryActions } : {}),
          ...(recalled?.note ? { recallNote: recalled.note } : {}),
        };
        await db.run(async (tx) => {
          await insertMessage(tx, {
            id: assistantId,
            conversationId: input.id,
            userId: db.userId,
            role: 'assistant',
            // Masked while it streamed (echo-mask.ts); again here for a value split across text parts.
            content: maskValues(text, secrets),
            // The tool calls too: a real model's memory search or change shows after a reload.
            parts: maskParts(parts, secrets),
            status: stopped ? 'stopped' : 'complete',
            metadata: {
              ...replyMetadata,
              ...(fast ? { fastChannel: fast.kind } : {}),
              ...(notices.stored.length > 0 ? { memoryNotices: notices.stored } : {}),
            },
          });
          if (recalled) await recordLedger(tx, db.userId, assistantId, recalled.decisions);
        });
        // After the reply's start chunk: a data part before it would be reset away by the client.
        if (notices.live.length > 0) writer.write({ type: 'data-memory-notices', id: 'memory-notices', data: { notices: notices.live } });
        writer.write({
          ...(finish ?? { type: 'finish' }),
          messageMetadata: replyMetadata,
        });

        // After the response, never beside it: a server that answers one request at a time (Ollama)
        // would otherwise hold the reply behind the title, and a hung title would hold its end.
        // generateTitle has its own timeout and never throws; the list picks the title up.
        announced = true;
        deps.defer(async () => {
          if (needsTitle) await saveTitle(db, input.id, await generateTitle(sideModel, turn.userMessage.content));
          if (recalled) await touchAccessStats(db, recalled.injectedIds, now);
          await deps.dispatcher.dispatch(turn.event);
          if (summaryDue(memory.unsummarised)) {
            await extendConversationSummary(db, sideModel, input.id, memory.summary, memory.unsummarised);
          }
        });
      } finally {
        // Failed, stopped or thrown: no finished reply, but the user's words are still extracted.
        if (!announced) deps.defer(() => deps.dispatcher.dispatch(turn.event));
      }
    },
    onError: (error) => {
      // Never the raw error: Drizzle's message lists the query's parameters (the user's text),
      // a provider error carries the whole prompt.
      console.error('[chat] turn failed', loggableError(error));
      return error instanceof AppError ? error.message : 'Something went wrong while answering. Retry in a moment.';
    },
  });
  return createUIMessageStreamResponse({ stream });
}
