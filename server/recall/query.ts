/**
 * What recall searches with (SPEC §5.2): the text to embed (the message plus the user's last
 * turns), and the weighted terms for BM25 — the message's own terms at 1, the last turns' and the
 * concept map's additions lower — with any time expression taken out and kept as a window.
 */
import { config } from '../config';
import { searchTerms } from '../memory/search-text';
import { expandQuestion } from './query-concepts';
import { questionWindow, type TimeWindow } from './time-window';

export interface RecallQueryInput {
  message: string;
  /** The last two turns, oldest first; they add context to the query (SPEC §5.2). */
  recentTurns?: { role: 'user' | 'assistant'; content: string }[];
  now: Date;
  /** The user's IANA time zone, for "last weekend" / 上个月 (UTC when unknown). */
  timeZone?: string;
}

export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface RecallQuery {
  /** Embedded for the vector route. */
  text: string;
  terms: WeightedTerm[];
  window: TimeWindow | null;
  /** Concept-map entries the question matched (for the ledger and tests). */
  concepts: string[];
  /** The single-valued attributes the question asks for (the slot route). */
  slots: string[];
}

const CONTEXT_CHARS = 300;

export function recentContext(input: Pick<RecallQueryInput, 'recentTurns'>): string {
  return (input.recentTurns ?? [])
    .filter((t) => t.role === 'user')
    .map((t) => t.content.slice(0, CONTEXT_CHARS))
    .join(' ');
}

export function buildRecallQuery(input: RecallQueryInput): RecallQuery {
  const context = recentContext(input);
  const window = questionWindow(input.message, input.now, input.timeZone ?? 'UTC');
  const lexical = window ? input.message.replace(window.expression, ' ') : input.message;
  const { concepts, words, slots } = expandQuestion(input.message);
  const terms = withTerms(withTerms(withTerms([], lexical, 1), context, config.recall.recentTurnWeight), words, config.recall.conceptWeight);
  return {
    text: context ? `${input.message}\n${context}` : input.message,
    terms,
    window,
    concepts,
    slots,
  };
}

/** `terms` with the words of `text` added at `weight` (a term already there keeps the higher weight). */
export function withTerms(terms: readonly WeightedTerm[], text: string, weight: number): WeightedTerm[] {
  const weights = new Map(terms.map((t) => [t.term, t.weight]));
  for (const term of searchTerms(text)) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  return [...weights].map(([term, w]) => ({ term, weight: w }));
}
