// Mindbase's built-in language model for running without any provider. It implements the AI SDK
// provider spec (LanguageModelV4) so the chat route, streaming and tests exercise the same code
// path as a real model, and it answers deterministically from the prompt it receives.

import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { generateId } from 'ai';

import { offlineFastChannelOf, offlineMemoryOf, offlineTaskOf, offlineTurnOf } from '../model-calls/call-options';
import { EMPTY_SECTION } from './memory-section';
import { chatReply } from './offline-replies';
import { makeTitle, summarize } from './offline-tasks';
import { estimateTokens } from '../text/text-terms';

export type { MemoryLine, RecalledSection } from './memory-section';

export const OFFLINE_MODEL_ID = 'offline';
export const OFFLINE_PROVIDER = 'mindbase.offline';

export type OfflineModelOptions = {
  /** Pause between streamed text chunks, so the UI can show streaming. Default 0. */
  chunkDelayMs?: number;
};

export type OfflinePromptText = {
  system: string;
  userMessages: string[];
};

export function promptText(prompt: LanguageModelV4Prompt): OfflinePromptText {
  const system: string[] = [];
  const userMessages: string[] = [];
  for (const message of prompt) {
    if (message.role === 'system') system.push(message.content);
    if (message.role === 'user') {
      const text = message.content
        .map((part) => (part.type === 'text' ? part.text : ''))
        .filter((part) => part !== '')
        .join('\n');
      userMessages.push(text);
    }
  }
  return { system: system.join('\n\n'), userMessages };
}

/** The whole decision of what the offline model says; pure, so it can be tested directly. */
export function answerOffline(options: Pick<LanguageModelV4CallOptions, 'prompt' | 'responseFormat' | 'providerOptions'>): string {
  // Structured extraction has its own rule-based path; an empty object keeps JSON parsers happy.
  if (options.responseFormat?.type === 'json') return '{}';
  const { userMessages } = promptText(options.prompt);
  const nonEmpty = userMessages.filter((message) => message.trim() !== '');
  // Side tasks, the recalled memory and what the fast channel did come in provider options
  // (server/model-calls/call-options.ts), as data: the prompt text is for real models only.
  const task = offlineTaskOf(options);
  if (task === 'title') return makeTitle(nonEmpty[0] ?? '');
  if (task === 'summary') return summarize(nonEmpty);
  return chatReply(nonEmpty.at(-1) ?? '', offlineMemoryOf(options) ?? EMPTY_SECTION, offlineFastChannelOf(options) ?? null, offlineTurnOf(options));
}

const CJK_OR_WORD_CHUNK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{1,3}\s*|[^\s\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+\s*|\s+/gu;

/** Word-sized stream chunks (up to three Han characters each); they concatenate to `text`. */
export function splitIntoChunks(text: string): string[] {
  return text.match(CJK_OR_WORD_CHUNK) ?? [];
}

function truncateToTokens(text: string, maxTokens: number | undefined): { text: string; truncated: boolean } {
  if (maxTokens === undefined || estimateTokens(text) <= maxTokens) return { text, truncated: false };
  let kept = '';
  for (const chunk of splitIntoChunks(text)) {
    if (estimateTokens(kept + chunk) > maxTokens) break;
    kept += chunk;
  }
  return { text: kept.trimEnd(), truncated: true };
}

function usageFor(prompt: LanguageModelV4Prompt, output: string): LanguageModelV4Usage {
  const { system, userMessages } = promptText(prompt);
  const input = estimateTokens([system, ...userMessages].join('\n'));
  const generated = estimateTokens(output);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: generated, text: generated, reasoning: 0 },
  };
}

function warningsFor(options: LanguageModelV4CallOptions): SharedV4Warning[] {
  if (!options.tools || options.tools.length === 0) return [];
  return [{ type: 'unsupported', feature: 'tools', details: 'The offline model never calls tools.' }];
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException(typeof reason === 'string' ? reason : 'The operation was aborted.', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      if (signal) reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

class OfflineLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = OFFLINE_PROVIDER;
  readonly modelId = OFFLINE_MODEL_ID;
  // Claiming every URL stops the SDK from downloading attachments the model would ignore anyway.
  readonly supportedUrls: Record<string, RegExp[]> = { '*/*': [/.*/] };

  constructor(private readonly options: OfflineModelOptions) {}

  private respond(options: LanguageModelV4CallOptions) {
    if (options.abortSignal?.aborted) throw abortError(options.abortSignal);
    const { text, truncated } = truncateToTokens(answerOffline(options), options.maxOutputTokens);
    return {
      text,
      finishReason: truncated
        ? { unified: 'length' as const, raw: 'length' }
        : { unified: 'stop' as const, raw: 'stop' },
      usage: usageFor(options.prompt, text),
      warnings: warningsFor(options),
      response: { id: `offline-${generateId()}`, modelId: OFFLINE_MODEL_ID, timestamp: new Date() },
    };
  }

  // Promise.resolve().then turns synchronous throws (e.g. an aborted signal) into rejections.
  doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    return Promise.resolve().then(() => {
      const { text, finishReason, usage, warnings, response } = this.respond(options);
      return { content: [{ type: 'text', text }], finishReason, usage, warnings, response };
    });
  }

  doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    return Promise.resolve().then(() => this.stream(options));
  }

  private stream(options: LanguageModelV4CallOptions): LanguageModelV4StreamResult {
    const { text, finishReason, usage, warnings, response } = this.respond(options);
    const textId = 'txt-0';
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings },
      { type: 'response-metadata', ...response },
      { type: 'text-start', id: textId },
      ...splitIntoChunks(text).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: textId, delta })),
      { type: 'text-end', id: textId },
      { type: 'finish', finishReason, usage },
    ];
    const delayMs = this.options.chunkDelayMs ?? 0;
    const signal = options.abortSignal;
    let next = 0;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async pull(controller) {
        const part = parts[next];
        next += 1;
        if (part === undefined) return controller.close();
        if (signal?.aborted) return controller.error(abortError(signal));
        if (delayMs > 0 && part.type === 'text-delta') await sleep(delayMs, signal);
        controller.enqueue(part);
      },
    });
    return { stream };
  }
}

export function createOfflineModel(options: OfflineModelOptions = {}): LanguageModelV4 {
  return new OfflineLanguageModel(options);
}
