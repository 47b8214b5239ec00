/**
 * Lexical matching between memories: shared entities, shared content terms (English stems,
 * Chinese bigrams). Used to find what a correction refers to and what a "forget …" names.
 */
import { cjkBigrams, contentStems } from '../llm/text-terms';

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
