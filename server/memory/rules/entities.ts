/**
 * Entities for an item (SPEC §2: names, projects, places, times): proper nouns and the object the
 * pattern captured ("peanuts", 花生). They feed the "first-seen entity" pre-filter signal and dedup
 * (SPEC §4.4), so they are short and stable rather than exhaustive.
 */
import { isStopWord } from '../../llm/text-terms';

// Capitalised words that begin sentences or commands, not names.
const NOT_NAMES = new Set(
  (
    'i im ive id ill the a an my our we please always never since actually so and but remember note keep from sorry lets ' +
    'no yes moving flying going also just ok okay oh hey hi hello thanks thank well anyway btw maybe perhaps honestly ' +
    'don\'t dont do does did can could would should will is are was were it its this that these those there here ' +
    'what why how when where who which if then now today tomorrow yesterday tonight mornings evenings'
  ).split(' '),
);

const PROPER_NOUN = /\b[A-Z][\p{L}\p{N}'’&.-]*(?:\s+(?:(?:of|de|van|von|der|le|la|du|da|and)\s+)?(?!I\b)(?:[A-Z][\p{L}\p{N}'’&.-]*|[A-Z]\.))*/gu;
const LATIN_IN_CHINESE = /[A-Za-z][A-Za-z0-9+#.-]*(?:\s+[A-Z][A-Za-z0-9+#.-]*)*/g;

function cleanEntity(entity: string): string {
  return entity
    .replace(/['’]s$/u, '')
    .replace(/^[\s"'“”‘’(（]+|[\s"'“”‘’)）.,，。!！?？:;：；]+$/gu, '')
    .replace(/^(?:the|a|an|my|our|their)\s+/i, '')
    .trim();
}

/**
 * Proper nouns in an English text. A single capitalised word that opens a sentence ("Nice",
 * "Ignore", "Suppose") is usually just capitalised, so it only counts when it is not a common word.
 */
export function properNouns(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(PROPER_NOUN)) {
    const words = match[0].split(/\s+/);
    while (words.length > 0 && NOT_NAMES.has((words[0] ?? '').toLowerCase().replace(/['’.]/g, ''))) words.shift();
    const value = cleanEntity(words.join(' '));
    if (value === '' || isStopWord(value.toLowerCase())) continue;
    const opensSentence = /^\s*$|[.!?:;]\s*$/.test(text.slice(0, match.index));
    if (opensSentence && words.length === 1 && words.join(' ') === match[0] && !/[A-Z].*[A-Z]|\d/.test(value)) continue;
    found.push(value);
  }
  return found;
}

/** Latin words inside Chinese text ("我平时都用 Mac" → "Mac"). */
export function latinTerms(text: string): string[] {
  if (!/[\u4e00-\u9fff]/.test(text)) return [];
  return (text.match(LATIN_IN_CHINESE) ?? []).filter((term) => term.length >= 2);
}

/** De-duplicated (case-insensitive), cleaned, at most 12 entities of at most 80 characters. */
export function collectEntities(...groups: ReadonlyArray<readonly string[]>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const group of groups) {
    for (const raw of group) {
      const entity = cleanEntity(raw).slice(0, 80).trim();
      const key = entity.toLowerCase();
      if (entity === '' || seen.has(key) || entity.length < 2 && !/[\u4e00-\u9fff]/.test(entity)) continue;
      seen.add(key);
      result.push(entity);
      if (result.length === 12) return result;
    }
  }
  return result;
}

/** The object phrase of a pattern as an entity: short, without determiners or trailing clauses. */
export function objectEntity(phrase: string): string[] {
  const cleaned = cleanEntity(
    phrase
      .split(/\s+(?:because|since|so|but|when|if|and then|which|that|especially|for|at|in|on|every|each|now|too|as well)\b|[,，。.!?！？(（]/i)[0] ?? '',
  );
  if (cleaned === '' || cleaned.split(/\s+/).length > 4) return [];
  return [cleaned];
}
