/**
 * The LLM extraction path (SPEC §4.2): the cheap EXTRACTION_MODEL at low temperature. It has to
 * work on every OpenAI-compatible server, not only on OpenAI: the JSON schema is sent where the
 * provider supports structured outputs (and dropped for good after the provider refuses it), the
 * prompt itself describes every field with an example (JSON mode on OpenAI and several gateways
 * requires the word "JSON" in the prompt), and the answer is read leniently (<think> blocks, code
 * fences, prose around it). An answer that still does not fit is sent back once with the
 * validation error; if the retry fails too, the caller runs the offline extractor for that turn.
 * Every outcome is counted (GET /api/health).
 */
import type { LanguageModel } from 'ai';
import { config } from '../config';
import { countHealth } from '../model-calls/health';
import { askForJson, type Reading } from '../model-calls/json-call';
import { parseModelJson } from '../model-calls/lenient-json';
import { extractedMemorySchema, extractionResultSchema, MEMORY_KINDS, type ExtractionWindow } from './extraction-schema';

const INSTRUCTIONS = `You extract long-term memories about the USER from a chat excerpt.
Rules:
- Only what the user actually said about themselves, their life, people, things, plans and preferences, or how the assistant should behave. Never facts from the assistant's messages.
- One memory per fact: a message that says three lasting things ("I'm a nurse in Lyon and I'm allergic to shellfish") gives three memories ("Works as a nurse", "Lives in Lyon", "Allergic to shellfish"), each with its own quote. Facts said in passing count.
- Someone else's fact is a memory about that person, never the user's: "my husband grew up in Naples and adores anchovies" is "Husband grew up in Naples" and "Husband adores anchovies" (kind "relationship"), not "Likes anchovies".
- Negative preferences are memories ("not a fan of jazz" is "Does not like jazz").
- A message marked [remember-handled] already had its "remember …" request stored: extract only the rest of that message, never the request itself.
- No guesses presented as facts: "I might like X" is not "likes X". Hedged statements get confidence "low".
- Ignore greetings, thanks, one-off moods and venting ("I'm so done with this project, I want to delete it all" is not a plan), hypotheticals and questions.
- Text the user pasted, quoted or forwarded (articles, code, "the post says…") is not the user's view: extract nothing from it.
- Never store passwords, API keys, tokens, card or ID numbers.
- summary: third person, at most 50 words ("Allergic to peanuts", "Prefers short answers").
- quote: an exact substring of ONE user message (the "[msg:<id>]" line it came from), copied verbatim.
- type: episodic (something that happened at a time), semantic (stable fact/preference), procedural (a rule for how the assistant should respond), working (state of the current task only).
- importance 1-5; default low (2) when unsure; 5 only for core identity or safety (allergies).
- negative_update true when the user revokes or corrects something earlier ("I don't drink coffee any more", "actually it's Hangzhou"); conflict_hint names what it replaces ("coffee"), else null.
- Resolve relative times ("next Friday") against the message timestamp in the user's time zone into valid_until / occurred_at (ISO 8601 with offset); temporary plans get validity "temporary".
Return {"memories": []} when there is nothing worth keeping.

Answer with ONE JSON object and nothing else: {"memories": [ ... ]}. Every memory has all of these fields:
- "type": "episodic" | "semantic" | "procedural" | "working"
- "kind": one of ${MEMORY_KINDS.map((k) => `"${k}"`).join(' | ')}
- "summary": string, third person, at most 50 words
- "entities": array of strings, the people, places and things named (may be empty)
- "importance": integer 1-5
- "confidence": "high" | "low"
- "origin": "user_stated" (the user said it) | "assistant_inferred" (you concluded it)
- "validity": "permanent" | "phase" (true for a stretch of life) | "temporary" (a plan or state that ends)
- "valid_until": ISO 8601 date-time with offset, or null
- "occurred_at": ISO 8601 date-time with offset, or null
- "sensitive": boolean, true for health, religion, sexuality, politics, finances, legal trouble
- "quote": string, copied exactly from one NEW user message
- "negative_update": boolean
- "conflict_hint": string or null
Example for the user message "I'm a nurse in Lyon and I can't stand cilantro":
{"memories": [
 {"type": "semantic", "kind": "fact", "summary": "Works as a nurse", "entities": ["nurse"], "importance": 3, "confidence": "high", "origin": "user_stated", "validity": "permanent", "valid_until": null, "occurred_at": null, "sensitive": false, "quote": "I'm a nurse", "negative_update": false, "conflict_hint": null},
 {"type": "semantic", "kind": "fact", "summary": "Lives in Lyon", "entities": ["Lyon"], "importance": 3, "confidence": "high", "origin": "user_stated", "validity": "permanent", "valid_until": null, "occurred_at": null, "sensitive": false, "quote": "in Lyon", "negative_update": false, "conflict_hint": null},
 {"type": "semantic", "kind": "preference", "summary": "Dislikes cilantro", "entities": ["cilantro"], "importance": 2, "confidence": "high", "origin": "user_stated", "validity": "permanent", "valid_until": null, "occurred_at": null, "sensitive": false, "quote": "I can't stand cilantro", "negative_update": false, "conflict_hint": null}
]}`;

function renderWindow(window: ExtractionWindow): string {
  const fresh = new Set(window.newMessageIds);
  const handled = new Set(window.commandHandled ?? []);
  return window.messages
    .map((m) => {
      const tag = fresh.has(m.id) ? (handled.has(m.id) ? 'NEW] [remember-handled' : 'NEW') : 'context';
      return `[msg:${m.id}] [${tag}] ${m.role.toUpperCase()} at ${m.createdAt.toISOString()}:\n${m.content}`;
    })
    .join('\n\n');
}

/** The item the model meant: fields it left out get the harmless default; summary and quote never do. */
function withDefaults(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const item = raw as Record<string, unknown>;
  const kind = typeof item.kind === 'string' && (MEMORY_KINDS as readonly string[]).includes(item.kind) ? item.kind : undefined;
  const type = item.type ?? (kind === 'event' ? 'episodic' : kind === 'rule' ? 'procedural' : 'semantic');
  const importance = typeof item.importance === 'string' ? Number(item.importance) : item.importance;
  return {
    entities: [],
    importance: 2,
    confidence: 'high',
    origin: 'user_stated',
    validity: 'permanent',
    valid_until: null,
    occurred_at: null,
    sensitive: false,
    negative_update: false,
    conflict_hint: null,
    ...item,
    type,
    kind: kind ?? (type === 'episodic' ? 'event' : type === 'procedural' ? 'rule' : 'fact'),
    ...(importance !== undefined && { importance }),
  };
}


/**
 * Reads a model's answer: the items to validate one by one, or what is wrong with it in words
 * the model can act on. Some invalid items among valid ones are not a failure (validation drops
 * and counts them); an answer with no usable item at all is.
 */
export function readExtraction(text: string | undefined): Reading<unknown[]> {
  const value = parseModelJson(text);
  if (value === undefined) return { ok: false, problem: 'the answer contained no JSON object' };
  const list = Array.isArray(value) ? value : (value as { memories?: unknown }).memories;
  if (!Array.isArray(list)) return { ok: false, problem: 'the JSON object has no "memories" array' };
  const items = list.map(withDefaults);
  if (items.length === 0) return { ok: true, value: items };
  const checked = items.map((item) => extractedMemorySchema.safeParse(item));
  if (checked.some((r) => r.success)) return { ok: true, value: items };
  const issues = checked
    .flatMap((r, i) => (r.success ? [] : r.error.issues.slice(0, 2).map((issue) => `memories[${i}].${issue.path.map(String).join('.')}: ${issue.message}`)))
    .slice(0, 6);
  return { ok: false, problem: `no memory matched the format (${issues.join('; ')})` };
}

export type LlmExtraction =
  /** Items to validate one by one. */
  | { ok: true; items: unknown[] }
  /** The model's output stayed unusable after one retry: run the offline extractor instead. */
  | { ok: false; problem: string };

export async function extractWithLlm(model: LanguageModel, window: ExtractionWindow): Promise<LlmExtraction> {
  const answer = await askForJson(model, {
    label: 'extract',
    system: `${INSTRUCTIONS}\nThe user's time zone is ${window.timeZone}. Extract only from NEW user messages; the rest is context.`,
    prompt: renderWindow(window),
    schema: extractionResultSchema,
    maxOutputTokens: config.llm.maxOutputTokens.extraction,
    read: readExtraction,
  });
  if (answer.ok) {
    countHealth(answer.retried ? 'extraction_retried' : 'extraction_ok');
    return { ok: true, items: answer.value };
  }
  countHealth('extraction_fallback_offline');
  console.error(`[extract] the extraction model's answer was unusable twice (${answer.problem}); this turn is extracted by the offline rules instead`);
  return { ok: false, problem: answer.problem };
}
