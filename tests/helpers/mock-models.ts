/** Scripted models from the AI SDK's own test kit: streams, slow streams and failures. */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { APICallError, simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function parts(deltas: string[]): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

/** Streams `deltas`; `doGenerate` (titles, summaries) answers `generated`. */
export function scriptedModel(deltas: string[], options: { chunkDelayMs?: number; generated?: string } = {}) {
  return new MockLanguageModelV4({
    doStream: () =>
      Promise.resolve({
        stream: simulateReadableStream({ chunks: parts(deltas), chunkDelayInMs: options.chunkDelayMs ?? 0 }),
      }),
    doGenerate: () =>
      Promise.resolve({
        content: [{ type: 'text', text: options.generated ?? 'Scripted title' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
  });
}

/** A stream that emits `first`, then waits on the abort signal, as a slow model would. */
export function stallingModel(first: string) {
  return new MockLanguageModelV4({
    doStream: ({ abortSignal }) => {
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
          controller.enqueue({ type: 'text-delta', id: 't', delta: first });
          abortSignal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')), { once: true });
        },
      });
      return Promise.resolve({ stream });
    },
  });
}

/** A provider that refuses every call with `status`, like a bad key (401) or an outage (503). */
export function failingModel(status: number) {
  const error = () =>
    new APICallError({
      message: `HTTP ${status}`,
      url: 'https://provider.test/v1/chat/completions',
      requestBodyValues: {},
      statusCode: status,
      responseBody: '{"error":"secret provider detail"}',
      isRetryable: false,
    });
  return new MockLanguageModelV4({
    doStream: () => Promise.reject(error()),
    doGenerate: () => Promise.reject(error()),
  });
}

export interface StreamedChunk {
  type: string;
  [key: string]: unknown;
}

/** Reads a UI message stream response (SSE) into its chunks. */
export async function readUiStream(response: Response, onChunk?: (chunk: StreamedChunk) => void): Promise<StreamedChunk[]> {
  const chunks: StreamedChunk[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let index: number;
    while ((index = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      const data = event.replace(/^data: /, '');
      if (data === '[DONE]' || data.startsWith(':')) continue;
      const chunk = JSON.parse(data) as StreamedChunk;
      chunks.push(chunk);
      onChunk?.(chunk);
    }
  }
  return chunks;
}

export const textOf = (chunks: StreamedChunk[]) =>
  chunks.filter((c) => c.type === 'text-delta').map((c) => String(c.delta)).join('');
