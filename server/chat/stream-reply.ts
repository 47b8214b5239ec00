/**
 * One model reply streamed to the browser, with the failure modes of real providers turned into
 * outcomes the turn can act on:
 * - a provider that stalls (no token for config.chat.providerStallMs) or runs past
 *   config.chat.providerTimeoutMs fails as a timeout, not as a finished empty reply;
 * - an empty answer is a failure, not a reply; a tool loop that hits the step limit without
 *   answering ends with a short honest sentence;
 * - a server that refuses tool definitions (HTTP 400) is reported as `toolsRefused` before
 *   anything reached the browser, so the caller can answer without tools, and this model is
 *   never offered tools again in this process;
 * - a 429's Retry-After is passed on.
 * Error, abort and finish chunks are the caller's to write: it decides once what the turn was.
 */
import 'server-only';
import {
  isStepCount,
  streamText,
  toUIMessageStream,
  type InferUIMessageChunk,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
  type UIMessageStreamWriter,
} from 'ai';
import { config } from '../config';
import { providerOptions, type OfflineChatContext } from '../model-calls/call-options';
import { createPartsCollector, type StoredPart } from './message-parts';
import { countHealth, warnOnce } from '../model-calls/health';
import type { EchoMask } from './echo-mask';
import { memoryActionOf, type MemoryAction } from './memory-actions';
import { describeProviderError, providerRetryAfter, refusedTools } from './provider-errors';
import type { ChatUIMessage } from './run-chat-turn';

export interface ReplyFailure {
  code: string;
  message: string;
  retryAfterSeconds: number | null;
}

export interface StreamedReply {
  text: string;
  failure: ReplyFailure | null;
  finish: Extract<Chunk, { type: 'finish' }> | null;
  memoryActions: MemoryAction[];
  /** The reply as UI message parts (text blocks and tool calls, in order), for storage. */
  parts: StoredPart[];
  /** The provider refused the tools before any output: ask again without them. */
  toolsRefused: boolean;
}

type Chunk = InferUIMessageChunk<ChatUIMessage>;

const STEP_LIMIT_REPLY = {
  changed: 'I made the memory changes noted below, but ran out of steps before I could write an answer. Ask me again and I will answer.',
  looked: 'I looked through your memories but ran out of steps before I could write an answer. Ask me again and I will answer.',
};
const TIMEOUT_MESSAGE = 'The model took too long to answer, so nothing was saved. Retry, or try a shorter message.';
const EMPTY_MESSAGE = 'The model sent back an empty reply, so nothing was saved. Retry, or rephrase your message.';

// Models whose server refused tool definitions once: offered none from then on.
const refusesTools = new WeakSet<object>();

/** Aborts when the reply runs too long in total or goes quiet for too long. */
function deadline() {
  const controller = new AbortController();
  const total = setTimeout(() => controller.abort(), config.chat.providerTimeoutMs);
  let stall: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(stall);
    stall = setTimeout(() => controller.abort(), config.chat.providerStallMs);
  };
  alive();
  return {
    signal: controller.signal,
    alive,
    clear: () => {
      clearTimeout(total);
      clearTimeout(stall);
    },
  };
}

// Chunks that show the model is really answering (as opposed to the stream's own framing).
const MEANINGFUL = new Set(['text-delta', 'tool-input-start', 'tool-input-available', 'tool-output-available', 'reasoning-delta']);

export async function streamReply(
  writer: UIMessageStreamWriter<ChatUIMessage>,
  deps: { model: LanguageModel; modelId: string },
  input: {
    system: string;
    messages: ModelMessage[];
    tools: ToolSet | undefined;
    signal: AbortSignal;
    assistantId: string;
    /** Hides any secret value the user typed this turn from the streamed and stored reply. */
    mask: EchoMask;
    /** For the offline model only: the turn's memory as data (server/model-calls/call-options.ts). */
    offline?: OfflineChatContext;
  },
): Promise<StreamedReply> {
  const model = deps.model;
  const tools = input.tools && !(typeof model === 'object' && refusesTools.has(model)) ? input.tools : undefined;
  const limit = deadline();
  let rawError: unknown = null;
  const result = streamText({
    model,
    // A tool call is a step; the model then answers with what the tool did.
    ...(tools ? { tools, stopWhen: isStepCount(config.chat.maxToolSteps) } : {}),
    system: input.system,
    messages: input.messages,
    abortSignal: AbortSignal.any([input.signal, limit.signal]),
    maxRetries: 1,
    maxOutputTokens: config.llm.maxOutputTokens.chat,
    providerOptions: providerOptions(undefined, input.offline),
    // Reported once, below, in words the user can act on.
    onError: () => undefined,
  });
  const ui = toUIMessageStream<ToolSet, ChatUIMessage>({
    stream: result.stream,
    generateMessageId: () => input.assistantId,
    messageMetadata: ({ part }) => (part.type === 'start' ? { model: deps.modelId } : undefined),
    // Also phrases a failed tool call for the UI; only an `error` chunk fails the turn (a tool's
    // error goes back to the model, which answers with it).
    onError: (error) => {
      rawError = error;
      const described = describeProviderError(error);
      console.error(`[chat] provider error (${described.code}):`, error instanceof Error ? error.message : error);
      return described.message;
    },
  });

  let text = '';
  let failure: ReplyFailure | null = null;
  let finish: StreamedReply['finish'] = null;
  let meaningful = false;
  let toolCalls = 0;
  const held: Chunk[] = [];
  const memoryActions: MemoryAction[] = [];
  const collected = createPartsCollector();
  const write = (chunk: Chunk) => writer.write(chunk);
  try {
    for await (let chunk of ui) {
      limit.alive();
      if (chunk.type === 'error') {
        failure = { code: describeProviderError(rawError).code, message: chunk.errorText, retryAfterSeconds: providerRetryAfter(rawError) };
        continue;
      }
      if (chunk.type === 'finish') {
        finish = chunk;
        continue;
      }
      if (chunk.type === 'abort') continue;
      if (chunk.type === 'text-delta') {
        const safe = input.mask.push(chunk.id, chunk.delta);
        text += safe;
        collected.text(chunk.id, safe);
        chunk = { ...chunk, delta: safe };
      }
      if (chunk.type === 'text-end') {
        const rest = input.mask.end(chunk.id);
        if (rest) {
          text += rest;
          collected.text(chunk.id, rest);
          write({ type: 'text-delta', id: chunk.id, delta: rest });
        }
      }
      if (chunk.type === 'tool-input-available') {
        toolCalls += 1;
        collected.toolInput(chunk.toolCallId, chunk.toolName, chunk.input);
      }
      if (chunk.type === 'tool-output-available') {
        collected.toolOutput(chunk.toolCallId, chunk.output);
        const action = memoryActionOf(chunk.output);
        if (action) memoryActions.push(action);
      }
      if (chunk.type === 'tool-output-error') collected.toolError(chunk.toolCallId, chunk.errorText);
      if (!meaningful && !MEANINGFUL.has(chunk.type)) {
        held.push(chunk);
        continue;
      }
      if (!meaningful) for (const h of held.splice(0)) write(h);
      meaningful = true;
      write(chunk);
    }
  } finally {
    limit.clear();
  }
  // A stopped or failed reply's held-back tail (masked) still belongs to what was said.
  for (const part of input.mask.drain()) {
    if (!part.text) continue;
    text += part.text;
    collected.text(part.id, part.text);
    if (meaningful) write({ type: 'text-delta', id: part.id, delta: part.text });
  }

  if (failure && !meaningful && tools && refusedTools(rawError) && typeof model === 'object') {
    refusesTools.add(model);
    countHealth('tools_refused');
    warnOnce('tools-refused', '[chat] the model server refused tool definitions (HTTP 400); answering without memory tools from now on. Set CHAT_MEMORY_TOOLS=off to stop offering them.');
    return { text: '', failure, finish: null, memoryActions, parts: collected.parts(), toolsRefused: true };
  }
  for (const h of held.splice(0)) write(h);

  if (limit.signal.aborted && !input.signal.aborted) {
    countHealth('chat_timeouts');
    console.error(`[chat] provider timed out (no token for ${config.chat.providerStallMs} ms, or over ${config.chat.providerTimeoutMs} ms in all)`);
    return { text, failure: { code: 'provider_timeout', message: TIMEOUT_MESSAGE, retryAfterSeconds: null }, finish: null, memoryActions, parts: collected.parts(), toolsRefused: false };
  }
  if (!failure && !input.signal.aborted && text.trim() === '') {
    if (toolCalls === 0) {
      countHealth('chat_empty_replies');
      return { text, failure: { code: 'provider_empty', message: EMPTY_MESSAGE, retryAfterSeconds: null }, finish: null, memoryActions, parts: collected.parts(), toolsRefused: false };
    }
    // The tools ran but the step limit came before an answer: say so rather than store nothing.
    countHealth('tool_step_limit');
    const id = `${input.assistantId}-note`;
    write({ type: 'text-start', id });
    text = memoryActions.length > 0 ? STEP_LIMIT_REPLY.changed : STEP_LIMIT_REPLY.looked;
    collected.text(id, text);
    write({ type: 'text-delta', id, delta: text });
    write({ type: 'text-end', id });
  }
  return { text, failure, finish, memoryActions, parts: collected.parts(), toolsRefused: false };
}
