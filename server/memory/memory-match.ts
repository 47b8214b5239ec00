/**
 * Lexical matching between memories: shared entities, shared content terms (English stems,
 * Chinese bigrams). Used to find what a correction refers to and what a "forget …" names.
 */
import { cjkBigrams, contentStems } from '../text/text-terms';

export function terms(text: string): Set<string> {
  return new Set([...contentStems(text), ...cjkBigrams(text)]);
}

const lower = (values: string[]) => values.map((v) => v.trim().toLowerCase()).filter(Boolean);

export function entitiesOverlap(a: string[], b: string[]): boolean {
  if (a.length === 0 && b.length === 0) return true;
  const left = new Set(lower(a));
  return lower(b).some((e) => left.has(e));
}

/** Share of `query`'s terms found in `text` (0..1); 0 when the query has no content terms. */
export function termCoverage(query: string, text: string): number {
  const q = terms(query);
  if (q.size === 0) return 0;
  const t = terms(text);
  let hit = 0;
  for (const term of q) if (t.has(term)) hit += 1;
  return hit / q.size;
}

export function normaliseSummary(summary: string): string {
  return summary.toLowerCase().replace(/[\s\p{P}]+/gu, ' ').trim();
}

const TIME_ADVERBS = /\b(?:now|currently|these days|nowadays|any ?more|anymore|instead|again|still|too)\b|现在|目前|如今|了/g;

/**
 * What a fact says about the user with its particulars taken out: "Lives in Hangzhou now" and
 * "Lives in Shanghai" share the slot "lives in". Two memories in the same slot with different
 * particulars cannot both be true (for single-valued facts).
 */
export function slotKey(summary: string, entities: string[]): string {
  let text = summary.toLowerCase();
  for (const entity of entities) if (entity.trim()) text = text.split(entity.toLowerCase()).join(' ');
  return text
    .replace(TIME_ADVERBS, ' ')
    .replace(/[\d\p{P}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Wording that marks a statement as replacing an earlier one ("… now", "moved", 改成). */
export const CHANGE_MARKER = /\b(?:now|these days|nowadays|any ?more|anymore|no longer|switched|moved|changed|instead|since (?:last|this))\b|现在|如今|改成|换成|搬到|不再|已经不/i;
