/**
 * What the model path has been doing since the process started, for operators: how often the
 * extraction model's answer was retried or replaced by the offline extractor, titles that timed
 * out, embedder failures that sent recall to its lexical routes, provider features switched off
 * after a refusal. Counters reset on restart (like any process metric); GET /api/health shows
 * them, and each first occurrence is logged once with what to change.
 */

export const HEALTH_COUNTERS = [
  /** Extraction turns the model answered usably on the first try. */
  'extraction_ok',
  /** …after one retry that quoted the validation error back to it. */
  'extraction_retried',
  /** Turns whose model output stayed unusable: the offline extractor ran instead. */
  'extraction_fallback_offline',
  /** Consolidation summaries whose model answer stayed unusable: the rule summary was written. */
  'consolidation_fallback_rules',
  /** The provider refused a JSON schema (HTTP 400): extraction switched to plain JSON in the prompt. */
  'structured_output_refused',
  /** The provider refused tool definitions (HTTP 400): the turn was answered without memory tools. */
  'tools_refused',
  /** OPENAI_BASE_URL has no /responses: the OpenAI provider switched to chat completions. */
  'responses_api_missing',
  /** Chat replies that hit the provider timeout (no reply stored, Retry offered). */
  'chat_timeouts',
  /** Chat replies that came back empty (not stored). */
  'chat_empty_replies',
  /** Tool loops that reached the step limit before answering. */
  'tool_step_limit',
  /** Titles that took longer than the title timeout (the opening words were kept). */
  'title_timeouts',
  /** Embedding calls that failed or timed out. */
  'embedding_failures',
  /** Recalls that ran on the lexical routes only because the embedder failed. */
  'recall_lexical_only',
  /** Extracted memories (model or rules) dropped because their summary said what the message does not. */
  'summary_ungrounded',
] as const;
export type HealthCounter = (typeof HEALTH_COUNTERS)[number];

const counts = new Map<HealthCounter, number>();
const logged = new Set<string>();
const startedAt = new Date();

export function countHealth(counter: HealthCounter, by = 1): void {
  counts.set(counter, (counts.get(counter) ?? 0) + by);
}

/** Logs `message` the first time `key` happens in this process, and never again. */
export function warnOnce(key: string, message: string): void {
  if (logged.has(key)) return;
  logged.add(key);
  console.warn(message);
}

export function healthCounters(): { since: string; counters: Record<HealthCounter, number> } {
  const counters = Object.fromEntries(HEALTH_COUNTERS.map((name) => [name, counts.get(name) ?? 0])) as Record<HealthCounter, number>;
  return { since: startedAt.toISOString(), counters };
}
