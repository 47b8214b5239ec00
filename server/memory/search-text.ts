/**
 * The words lexical recall matches on (BM25 over the memory_terms postings, SPEC §5.3). Both the
 * stored side and the query side are tokenised here, the same way:
 * - English: lower-cased words, stop-words out, irregular forms mapped to their base by WordNet's
 *   exception lists (wink-lexicon: "ran" → "run", "children" → "child"), then the Porter2 stemmer
 *   (wink-porter2-stemmer). Measured on LoCoMo (README): the light suffix stemmer 0.489, Porter2
 *   0.496, Porter2 after the exception lists 0.503 (BM25 alone, every turn stored).
 * - Chinese: content characters and character bigrams (Postgres has no Chinese word breaker),
 *   Traditional forms folded to Simplified (server/text/chinese-script.ts).
 * Terms keep their repetitions, so BM25 can count term frequency. Bump SEARCH_TEXT_VERSION when
 * the tokenisation or the slots (slots.ts, stored beside the words) change: `npm run db:migrate`
 * rewrites every older row (reindex-search.ts). 4: slots.ts reads "embassy appointment", "doc appt".
 */
import porter2 from 'wink-porter2-stemmer';
import nounExceptions from 'wink-lexicon/src/wn-noun-exceptions.js';
import verbExceptions from 'wink-lexicon/src/wn-verb-exceptions.js';
import { toSimplified } from '../text/chinese-script';
import { cjkBigrams, cjkContentChars, isStopWord, latinWords } from '../text/text-terms';
import { slotColumn, slotWords } from './slots';

export const SEARCH_TEXT_VERSION = 4;

// Terms are letters, digits and Han only: search_text is split on spaces into the postings
// (the memory_terms trigger), and a term is compared to the query's by plain equality.
const SAFE_TERM = /^[\p{L}\p{N}]+$/u;
const MAX_TERM_CHARS = 40;

/** The index form of one English word, or null for a stop-word. */
export function englishTerm(word: string): string | null {
  const bare = word.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (bare === '' || isStopWord(bare)) return null;
  if (/\d/.test(bare)) return bare;
  return porter2(verbExceptions[bare] ?? irregularPlural(bare) ?? bare);
}

/**
 * "children" → "child", "feet" → "foot"; but not a plural in -s ("lives" → "life" would part it
 * from "live", "lived", "living"): Porter2 already folds those with their verb.
 */
function irregularPlural(word: string): string | undefined {
  return word.endsWith('s') ? undefined : nounExceptions[word];
}

/** Every term of `text`, in order, repetitions kept. Traditional Chinese is indexed as Simplified. */
export function indexTerms(text: string): string[] {
  const english = latinWords(text).flatMap((word) => englishTerm(word) ?? []);
  const han = toSimplified(text);
  const terms = [...english, ...cjkContentChars(han), ...cjkBigrams(han)];
  return terms.filter((t) => SAFE_TERM.test(t) && t.length <= MAX_TERM_CHARS);
}

/** The distinct terms of `text` (a query, or a text to compare). */
export function searchTerms(text: string): string[] {
  return [...new Set(indexTerms(text))];
}

/**
 * `memories.search_text`: the terms of the summary and entities, space-separated, and the words of
 * the attribute it states ("Started on the stroke unit at Charité" is found by "where do I work?").
 */
export function searchTextOf(memory: { type?: string; kind?: string; summary: string; entities: string[] }): string {
  const slot = memory.type && memory.kind ? slotColumn({ type: memory.type, kind: memory.kind, summary: memory.summary, entities: memory.entities }) : null;
  return indexTerms(`${memory.summary} ${memory.entities.join(' ')} ${slotWords(slot)}`).join(' ');
}

/** How much of the conversation around a memory is indexed with it (characters). */
export const CONTEXT_MAX_CHARS = 520;

/**
 * `memories.search_context`: the terms of what came just before the memory's words (the message
 * its source replied to, the assistant's question usually), indexed at a lower weight so "yes, on
 * friday!" can be found by what was asked (config.recall.bm25.contextWeight). Callers pass only
 * the nearby words (apply-extraction.ts); at most CONTEXT_MAX_CHARS count.
 */
export function searchContextOf(context: string | null | undefined): string {
  return context ? indexTerms(context.slice(0, CONTEXT_MAX_CHARS)).join(' ') : '';
}
