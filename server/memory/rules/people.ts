/**
 * The people (and pets) in the user's life, as chat names them: often in lower case ("my husband
 * dev", "niamh and i", "hes called turnip", "dev's parents"), which the capitalised-word entity
 * finder cannot see. Names found this way become entities of the memory that mentions them, so a
 * later conversation knows them (the window's `knownEntities`), and a clause whose subject is one
 * of them ("dev hurt his back", "elsa starts förskola in august") is a fact about that person.
 */
import englishWords from 'wink-lexicon/src/lexicon.js';
import { isStopWord } from '../../text/text-terms';
import { DIET_ADJECTIVES_EN, JOB_EN, RELATION_EN } from './lexicon';
import { properNouns } from './entities';

const NAME = String.raw`([a-z][a-z'’-]{1,15})`;
/** "fionn (5)", "leo (12yo)": an age in brackets after a name. */
export const AGE_ASIDE = String.raw`(?:\s*\(\s*\d{1,2}\s*(?:yo|y\/o|yrs?|years?(?: old)?)?\s*\))?`;
// Each pattern's groups are names. "my husband dev", "our dog turnip", "my sister's kid leo".
const NAME_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:my|our)\s+(?:(?:older|younger|big|little|baby|twin|best|new)\s+)?(?:${RELATION_EN})s?\s*,?\s+${NAME}\b`, 'gi'),
  new RegExp(String.raw`\b(?:called|named|name is|names are|name['’]s)\s+${NAME}(?:\s+(?:and|&)\s+${NAME})?\b`, 'gi'),
  new RegExp(String.raw`\b${NAME}\s+(?:and|&)\s+i\b`, 'gi'),
  new RegExp(String.raw`\bme\s+(?:and|&|n)\s+${NAME}\b`, 'gi'),
  new RegExp(String.raw`\b${NAME}['’]s\s+(?:${RELATION_EN}|parents|folks|family|place|house|flat|birthday|bday|wedding)\b`, 'gi'),
  // "yeah two, ollie's 7 and ruby's 10": ages after names, listed, even a name that is a word (ruby).
  new RegExp(String.raw`\b(?:and|&|two|three|four|kids|boys|girls|twins)[\s,:;-]+${NAME}['’]s\s+\d{1,2}\b(?!\s*(?:am|pm|[:.]\d|%|mins?\b|minutes|hours?|hrs?|days|weeks|months|pounds|quid|bucks|dollars|euros|k\b|percent))`, 'gi'),
];

// Words that follow "my sister" or precede "and i" without being a name.
const NOT_A_NAME = new Set(
  (
    'is are was were has have had and or but so who which that just really also still always never not now then ' +
    'too very lives works loves hates likes says said thinks wants needs got gets went goes came comes made makes ' +
    'will would can could should might must does did do dont doesnt didnt isnt wasnt me him her them us you it ' +
    'here there today tonight tomorrow yesterday again both all each every only even kids family friends parents ' +
    'mom mum dad bf gf lol haha ok okay yeah yes no nope maybe one two three some lots'
  ).split(' '),
);

function plausibleName(word: string): boolean {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  return w.length >= 2 && !NOT_A_NAME.has(w) && !isStopWord(w) && !/(?:ing|ly)$/.test(w);
}

/** Lower-case names the text introduces (capitalised ones are `properNouns`' job), lower-cased. */
export function namesInSpeech(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of NAME_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const after = text.slice((match.index ?? 0) + match[0].length);
      // "our bearded dragon turns 5", "my sister lives in…": a verb, not a name, unless a verb or
      // a pause follows it ("my bf marcus hates…", "my husband dev,").
      const verbLike = (word: string) => /(?:s|ed)$/i.test(word) && !/^\s*(?:$|[,.!?;:)]|(?:and|&)\s)/.test(after) && !PERSON_VERB.test(after.trimStart());
      for (const group of match.slice(1)) {
        if (group && plausibleName(group) && !(group === match.at(-1) && verbLike(group))) found.add(group.toLowerCase().replace(/['’]s$/, ''));
      }
    }
  }
  return [...found];
}

// What a person does or is, after their name: "dev hurt his back", "elsa starts förskola",
// "marcus is a kiwi", "mateo and lucia are 9". A verb form, not "dev tools" or "turnip soup".
const PERSON_VERB =
  /^(?:(?:just|also|really|still|always|never|finally|both|already|now|actually)\s+)*(?:is|are|was|were|has|have|had|(?:will|would|can|could|should|might|must)\s+[a-z]{2,}|isn['’]?t|doesn['’]?t|didn['’]?t|can['’]?t|won['’]?t|hates?|loves?|likes?|adores?|prefers?|eats?|drinks?|lives?|works?|starts?|started|turns?|turned|goes|went|got|gets|hurt|broke|sprained|fell|moved|quit|left|joined|passed|finished|made|won|lost|came|took|gave|ran|began|became|bought|caught|met|sold|told|grew|flew|drove|plays?|does|did|needs?|wants?|says?|said|thinks?|[a-z]{3,}(?:ed|es)|[a-z]{3,}[^s\W]s)\b/i;
// …but not an opinion with nothing in it: "elsa is so cute", "marcus was hilarious".
const OPINION_ONLY = /^(?:is|are|was|were)\s+(?:(?:so|really|very|super|just|such|totally|kinda|pretty)\s+)*(?:an?\s+)?(?:cute|sweet|great|awesome|amazing|cool|nice|lovely|adorable|fun|good|bad|funny|hilarious|crazy|wild|annoying|the best|the worst|right|fine|ok|okay)\b[\s!.]*$/i;

/**
 * The name a clause opens with, when it is someone the user has named (`people`, lower case) and
 * a verb follows: the clause is a fact about them. Two names ("mateo and lucia are 9") count too.
 */
export function namedSubject(text: string, people: ReadonlySet<string>): string | null {
  const match = new RegExp(String.raw`^([A-Za-z][\p{L}'’-]{1,15})(?:\s+(?:and|&)\s+([A-Za-z][\p{L}'’-]{1,15}))?${AGE_ASIDE}\s+`, 'u').exec(text);
  if (!match?.[1]) return null;
  const names = [match[1], match[2]].filter((n): n is string => n !== undefined);
  if (!names.every((n) => people.has(n.toLowerCase()))) return null;
  const rest = text.slice(match[0].length);
  if (!PERSON_VERB.test(rest) || OPINION_ONLY.test(rest)) return null;
  return names.join(' and ');
}

// "fionn (5) is allergic to eggs", "kwame is lactose intolerant", "anjali's getting married": a
// word that opens a clause, is no English word (wink's lexicon) and is followed by what only a
// person is or does, is someone's name, whatever its case. (Not "figma is down": the predicate
// must be a person's.)
const PERSON_PREDICATE = new RegExp(
  String.raw`(?:is|['’]s|was)\s+(?:(?:also|still|now|really|actually|severely|super|very)\s+)?(?:${DIET_ADJECTIVES_EN}|intolerant|lactose|type [12]|getting married|due|turning \d|\d{1,2}\b|(?:a|an)\s+(?:\w+\s+)?(?:${JOB_EN})\b)|(?:hates|loves|adores|can['’]?t stand|can['’]?t eat|doesn['’]?t eat|won['’]?t eat|only eats|works (?:as|at|in|for)|lives (?:in|with|near)|grew up|studies|turns \d|has (?:a|an) (?:\w+\s+)?allergy)\b`,
  'i',
);
const UNKNOWN_WORD_SUBJECT = new RegExp(String.raw`(?:^|[.!?,;:]\s*|\b(?:and|but|so|also|plus|oh)\s+)(\p{L}[\p{Ll}'’-]{2,14})(?=${AGE_ASIDE}\s+${PERSON_PREDICATE.source})`, 'giu');

function namedByWhatTheyAre(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(UNKNOWN_WORD_SUBJECT)) {
    const word = (match[1] ?? '').toLowerCase();
    if (word in englishWords || NOT_A_NAME.has(word) || isStopWord(word) || /(?:ing|ly)$/.test(word)) continue;
    found.push(word);
  }
  return found;
}

/**
 * Everyone the user is known to talk about, for `namedSubject`: names said in this conversation
 * (lower-case or capitalised) and the entities their memory already holds.
 */
export function knownPeople(texts: readonly string[], knownEntities: readonly string[]): Set<string> {
  const people = new Set<string>(knownEntities.filter((entity) => /^[\p{L}'’-]{2,16}$/u.test(entity) && plausibleName(entity)).map((e) => e.toLowerCase()));
  for (const text of texts) {
    for (const name of [...namesInSpeech(text), ...namedByWhatTheyAre(text)]) people.add(name);
    for (const name of properNouns(text)) if (/^[\p{L}'’-]{2,16}$/u.test(name)) people.add(name.toLowerCase());
  }
  return people;
}
