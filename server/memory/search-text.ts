/**
 * The words full-text recall matches on. Postgres's 'simple' parser cannot split Chinese and its
 * English configs stem differently from our query side, so both sides are tokenised here the
 * same way: English content stems, Chinese content characters and character bigrams.
 */
import { cjkBigrams, cjkContentChars, contentStems } from '../llm/text-terms';

// to_tsquery syntax characters must never reach it; terms are letters, digits and Han only.
const SAFE_TERM = /^[\p{L}\p{N}]+$/u;

export function searchTerms(text: string): string[] {
  const terms = [...contentStems(text), ...cjkContentChars(text), ...cjkBigrams(text)].map((t) => t.toLowerCase());
  return [...new Set(terms.filter((t) => SAFE_TERM.test(t)))];
}

export function searchTextOf(memory: { summary: string; entities: string[] }): string {
  return searchTerms(`${memory.summary} ${memory.entities.join(' ')}`).join(' ');
}

/** An OR query over the text's terms, or null when it has none. */
export function searchQuery(text: string): string | null {
  const terms = searchTerms(text);
  return terms.length > 0 ? terms.join(' | ') : null;
}
