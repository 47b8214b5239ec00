/**
 * Entities for an item (SPEC §2: names, projects, places, times): proper nouns and the object the
 * pattern captured ("peanuts", 花生). They feed the "first-seen entity" pre-filter signal and dedup
 * (SPEC §4.4), so they are short and stable rather than exhaustive.
 */
import { isStopWord } from '../../text/text-terms';

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
    .replace(/^(?:the|a|an|my|our|their|at|in|on|for|to|with|from)\s+/i, '')
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
      if (result.length === 12) break;
    }
  }
  // "Ursula K" beside "Ursula K. Le Guin" adds nothing.
  return result.filter((entity) => !result.some((other) => other !== entity && other.toLowerCase().startsWith(entity.toLowerCase()) && /^[\s.]/.test(other.slice(entity.length))));
}

/** The object phrase of a pattern as an entity: short, without determiners or trailing clauses. */
export function objectEntity(phrase: string): string[] {
  const cleaned = cleanEntity(
    phrase
      .split(/\s+(?:because|since|so|but|when|if|and then|which|that|especially|for|at|in|on|every|each|now|too|as well)\b|[,，。.!?！？(（]/i)[0] ?? '',
  );
  if (cleaned === '' || cleaned.split(/\s+/).length > 4 || (/[\u4e00-\u9fff]/.test(cleaned) && cleaned.length > 10)) return [];
  return [cleaned];
}

const CITIES_ZH =
  /北京|上海|广州|深圳|杭州|成都|重庆|南京|武汉|西安|苏州|天津|长沙|厦门|青岛|大连|宁波|香港|澳门|台北|新北|台中|台南|高雄|新竹|桃园|花莲|昆明|郑州|济南|合肥|福州|沈阳|哈尔滨|大理|丽江|三亚|东莞|佛山|云南|西藏|新疆|海南|日本|韩国|美国|英国|法国|德国|泰国|新加坡|东京|大阪|首尔|纽约|伦敦|巴黎/g;
const PLACE_AFTER_VERB_ZH = /(?:去|到|回|飞往?|前往)([\u4e00-\u9fff]{2,4}?)(?=出差|旅游|旅行|玩|开会|留学|读书|工作|看|参加|度假|过年|住|见|扫墓|探亲|上学|了|[，,。！!]|$)/g;

/** Places in a Chinese clause: known cities and what follows 去/到/回 ("去成都出差" → 成都). */
export function chinesePlaces(text: string): string[] {
  const known = text.match(CITIES_ZH) ?? [];
  const after = [...text.matchAll(PLACE_AFTER_VERB_ZH)].map((m) => m[1] ?? '').filter((place) => !/^(?:医院|公司|学校|上班|看看|一趟|一下)$/.test(place));
  return [...known, ...after];
}

/**
 * A memory's tags after its text was rewritten (an edit): the old tags the new text still says,
 * then the names in the new text. A tag for a city the user just corrected away must not keep
 * the memory findable by it (issue 15).
 */
export function entitiesAfterEdit(previous: readonly string[], summary: string): string[] {
  const text = summary.toLowerCase();
  const kept = previous.filter((entity) => text.includes(entity.toLowerCase()));
  return collectEntities(kept, properNouns(summary), latinTerms(summary));
}
