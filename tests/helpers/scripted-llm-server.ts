/**
 * A scripted OpenAI-compatible server on loopback, for tests that drive the real AI SDK providers
 * over real HTTP: chat completions (JSON and SSE, tools, response_format), the Responses API and
 * embeddings, each with switchable failure modes (status codes with Retry-After, stalls, hangs,
 * cut streams, malformed or <think>-wrapped output, invalid tool arguments, tool loops, tools or
 * schemas rejected with 400). Every request is recorded for assertions.
 *
 * A test gives a `script`: a function from the request to what the server does. No model runs
 * here; the replies are what the test says a real server would send.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedReply =
  /** A text answer, streamed in `pieces` deltas when the request streams. */
  | { kind: 'text'; text: string; pieces?: number; delayMs?: number }
  /** One or more tool calls (finish reason "tool_calls"); `args` may be invalid JSON on purpose. */
  | { kind: 'tools'; calls: { name: string; args: string | Record<string, unknown> }[] }
  /** An HTTP error with a JSON body, e.g. 429 with Retry-After or 400 "tools not supported". */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  /** Wait `ms` before answering with `then` (a slow provider). */
  | { kind: 'stall'; ms: number; then: ScriptedReply }
  /** Never answer; the client must give up on its own. */
  | { kind: 'hang' }
  /** Stream the first `after` pieces of `text`, then drop the connection mid-stream. */
  | { kind: 'cut'; text: string; after: number; pieces?: number };

export interface ScriptedRequest {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  /** The chat request's system text (chat completions or Responses API), '' if none. */
  system: string;
  /** The last user message's text. */
  lastUser: string;
  /** Whether the request offered tools / asked for JSON / asked for a JSON schema. */
  hasTools: boolean;
  responseFormat: 'none' | 'json_object' | 'json_schema';
}

export type Script = (request: ScriptedRequest) => ScriptedReply;

export interface ScriptedServer {
  /** e.g. http://127.0.0.1:41234/v1 — what LLM_BASE_URL / OPENAI_BASE_URL point at. */
  baseUrl: string;
  requests: ScriptedRequest[];
  /** Swap the behaviour between tests. */
  setScript(script: Script): void;
  /** Embedding behaviour: vectors by default, or a failure. */
  setEmbeddings(reply: 'vectors' | { kind: 'status'; status: number } | { kind: 'hang' }): void;
  /** The most requests that were ever in flight at once (an Ollama-like server serves one). */
  maxConcurrent(): number;
  close(): Promise<void>;
}

export interface ScriptedServerOptions {
  port?: number;
  /** Serve /v1/responses (the OpenAI provider's default API); most compatible servers do not. */
  responsesApi?: boolean;
  embeddingDimensions?: number;
  /** Serve one chat request at a time and queue the rest, as Ollama does by default. */
  serial?: boolean;
}

const textOfContent = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
      .join('');
  }
  return '';
};

function describe(path: string, body: Record<string, unknown>, headers: IncomingMessage['headers']): ScriptedRequest {
  const messages = (Array.isArray(body.messages) ? body.messages : Array.isArray(body.input) ? body.input : []) as { role?: string; content?: unknown }[];
  const system = [typeof body.instructions === 'string' ? body.instructions : '', ...messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => textOfContent(m.content))]
    .filter(Boolean)
    .join('\n');
  const lastUser = textOfContent(messages.findLast((m) => m.role === 'user')?.content);
  const format = (body.response_format ?? (body.text as { format?: unknown } | undefined)?.format) as { type?: string } | undefined;
  const responseFormat = format?.type === 'json_schema' ? 'json_schema' : format?.type === 'json_object' ? 'json_object' : 'none';
  return { path, body, headers, system, lastUser, hasTools: Array.isArray(body.tools) && body.tools.length > 0, responseFormat };
}

const split = (text: string, pieces: number): string[] => {
  const n = Math.max(1, Math.min(pieces, text.length || 1));
  const size = Math.ceil(text.length / n);
  return Array.from({ length: n }, (_, i) => text.slice(i * size, (i + 1) * size)).filter((p, i) => p !== '' || i === 0);
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const args = (a: string | Record<string, unknown>) => (typeof a === 'string' ? a : JSON.stringify(a));
const usage = { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 };

async function chatCompletions(res: ServerResponse, reply: ScriptedReply, stream: boolean, gone: AbortSignal): Promise<void> {
  const base = { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'scripted' };
  if (reply.kind === 'tools') {
    const toolCalls = reply.calls.map((c, i) => ({ id: `call_${i}_${Math.random().toString(36).slice(2, 8)}`, type: 'function', function: { name: c.name, arguments: args(c.args) } }));
    if (!stream) {
      json(res, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: toolCalls }, finish_reason: 'tool_calls' }], usage });
      return;
    }
    sse(res);
    toolCalls.forEach((call, index) => event(res, { ...base, choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index, ...call }] }, finish_reason: null }] }));
    event(res, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
    event(res, { ...base, choices: [], usage });
    res.end('data: [DONE]\n\n');
    return;
  }
  if (reply.kind !== 'text' && reply.kind !== 'cut') return;
  if (!stream) {
    json(res, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, finish_reason: 'stop' }], usage });
    return;
  }
  sse(res);
  const pieces = split(reply.text, reply.pieces ?? 4);
  for (const [i, piece] of pieces.entries()) {
    if (reply.kind === 'cut' && i === reply.after) {
      res.socket?.destroy();
      return;
    }
    event(res, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: piece }, finish_reason: null }] });
    if (reply.kind === 'text' && reply.delayMs) await sleep(reply.delayMs, gone);
  }
  event(res, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  event(res, { ...base, choices: [], usage });
  res.end('data: [DONE]\n\n');
}

function responsesApi(res: ServerResponse, reply: ScriptedReply, stream: boolean): void {
  const response = { id: 'resp_scripted', created_at: 1_700_000_000, model: 'scripted' };
  const responsesUsage = { input_tokens: 12, output_tokens: 7 };
  if (reply.kind !== 'text') return void json(res, 500, { error: { message: 'the scripted Responses API only answers text' } });
  if (!stream) {
    json(res, 200, {
      ...response,
      output: [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] }],
      usage: responsesUsage,
    });
    return;
  }
  sse(res);
  event(res, { type: 'response.created', sequence_number: 0, response });
  event(res, { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'msg_1' } });
  for (const piece of split(reply.text, reply.pieces ?? 4)) event(res, { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, delta: piece });
  event(res, { type: 'response.output_item.done', output_index: 0, item: { type: 'message', id: 'msg_1' } });
  event(res, { type: 'response.completed', response: { usage: responsesUsage } });
  res.end();
}

/** A deterministic unit vector per text: equal texts embed equally, different ones differ. */
function vectorOf(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
    v[h % dimensions]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
function sse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}
function event(res: ServerResponse, data: unknown): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function startScriptedLlmServer(initial: Script, options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  let script = initial;
  let embeddings: 'vectors' | { kind: 'status'; status: number } | { kind: 'hang' } = 'vectors';
  const requests: ScriptedRequest[] = [];
  const dimensions = options.embeddingDimensions ?? 64;
  let queue: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let peak = 0;
  const open = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const path = (req.url ?? '/').split('?')[0]!;
    const body = await readBody(req);
    const request = describe(path, body, req.headers);
    requests.push(request);

    if (path.endsWith('/embeddings')) {
      if (embeddings === 'vectors') {
        const input = (Array.isArray(body.input) ? body.input : [body.input]) as string[];
        return json(res, 200, { object: 'list', data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(String(text), dimensions) })), model: 'scripted', usage: { prompt_tokens: 1, total_tokens: 1 } });
      }
      if (embeddings.kind === 'hang') return;
      return json(res, embeddings.status, { error: { message: `scripted embeddings failure ${embeddings.status}`, type: 'server_error' } });
    }
    const isResponses = path.endsWith('/responses');
    if (!path.endsWith('/chat/completions') && !isResponses) return json(res, 404, { error: { message: `no route ${path}` } });
    if (isResponses && !options.responsesApi) return json(res, 404, { error: { message: '404 page not found' } });

    if (options.serial) {
      const previous = queue;
      let release = () => undefined as void;
      queue = new Promise<void>((resolve) => (release = resolve));
      res.on('close', () => release());
      await previous;
      if (gone.signal.aborted) return;
    }
    let reply = script(request);
    while (reply.kind === 'stall') {
      await sleep(reply.ms, gone.signal);
      if (gone.signal.aborted) return;
      reply = reply.then;
    }
    if (reply.kind === 'hang') return;
    if (reply.kind === 'status') {
      return json(res, reply.status, { error: { message: reply.message ?? `scripted failure ${reply.status}`, type: 'invalid_request_error' } }, reply.headers);
    }
    const stream = body.stream === true;
    if (isResponses) return responsesApi(res, reply, stream);
    await chatCompletions(res, reply, stream, gone.signal);
  };

  const server: Server = createServer((req, res) => {
    open.add(res);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    res.on('close', () => {
      inFlight -= 1;
      open.delete(res);
    });
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { message: String(error) } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript: (next) => {
      script = next;
    },
    setEmbeddings: (next) => {
      embeddings = next;
    },
    maxConcurrent: () => peak,
    close: async () => {
      for (const res of open) res.socket?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a model that thinks aloud and fences its JSON (many local models) sends back. */
export const thinkingFenced = (value: unknown): string =>
  `<think>\nThe user said a few things; let me list them as JSON.\n</think>\nHere you go:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\nLet me know if you need anything else.`;
