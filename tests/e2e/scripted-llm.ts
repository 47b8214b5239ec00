/**
 * The scripted OpenAI-compatible server for the real-model e2e (playwright.config.ts starts it):
 * it behaves like a default Ollama — one request at a time, no JSON schema (400), no tools (400),
 * reasoning in <think> blocks, JSON in a code fence — and its title calls never answer. Replies
 * are scripted from the user's words; no model runs here.
 *   npx tsx tests/e2e/scripted-llm.ts --port 3190
 */
import { parseArgs } from 'node:util';
import { startScriptedLlmServer, thinkingFenced, type ScriptedReply, type ScriptedRequest } from '../helpers/scripted-llm-server';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3190' } } });

// The facts the scripted extraction "finds", each with the exact words it quotes.
const FACTS: { pattern: RegExp; memory: (quote: string) => Record<string, unknown> }[] = [
  { pattern: /I'?m allergic to peanuts/i, memory: (quote) => ({ kind: 'constraint', summary: 'Allergic to peanuts', quote, importance: 5 }) },
  { pattern: /I work as a nurse/i, memory: (quote) => ({ kind: 'fact', summary: 'Works as a nurse', quote }) },
];

function reply(request: ScriptedRequest): ScriptedReply {
  if (request.responseFormat === 'json_schema') return { kind: 'status', status: 400, message: "response_format type 'json_schema' is not supported by this server" };
  if (request.hasTools) return { kind: 'status', status: 400, message: 'registry.ollama.ai/library/scripted does not support tools' };
  if (/Write a title/.test(request.system)) return { kind: 'hang' };
  if (/extract long-term memories/i.test(request.system)) {
    // Only the fields a small model guesses: the app fills the rest.
    const memories = FACTS.flatMap((fact) => {
      const quote = fact.pattern.exec(request.lastUser)?.[0];
      return quote ? [fact.memory(quote)] : [];
    });
    return { kind: 'text', text: thinkingFenced({ memories }) };
  }
  if (/^Summarise/.test(request.system)) return { kind: 'text', text: 'The user talked about their day.' };
  // A provider that rate-limits, with the wait it asks for.
  if (/rate-limit me/i.test(request.lastUser)) return { kind: 'status', status: 429, message: 'rate limited', headers: { 'retry-after': '4' } };
  const asked = request.lastUser.trim();
  const remembered = /Allergic to peanuts/.test(request.system) && /cook|dinner|eat/i.test(asked);
  return { kind: 'text', text: remembered ? 'How about a vegetable stir-fry — with no peanuts, since you are allergic.' : `Thanks for telling me. (scripted reply to: ${asked.slice(0, 60)})`, pieces: 6, delayMs: 20 };
}

const server = await startScriptedLlmServer(reply, { port: Number(values.port), serial: true });
console.log(`scripted LLM server on ${server.baseUrl}`);
