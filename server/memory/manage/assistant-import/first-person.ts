/**
 * An assistant's line about the user, said back as the user would say it (issue 15): "User is
 * vegetarian" / "Is vegetarian" / "You are vegetarian" → "I am vegetarian"; "The user's wife is
 * Ana" → "My wife is Ana"; "Prefers that I keep answers short" → "I prefer that you keep answers
 * short"; 用户对花生过敏 / 你对花生过敏 → 我对花生过敏. The rule extractor (server/memory/rules) then
 * reads the statement exactly as it reads the user's own words in a chat, so type, kind, slot,
 * sensitivity, summary and validation are the ones every other memory gets.
 */
import englishWords from 'wink-lexicon/src/lexicon.js';
import { isMostlyChinese } from '../../../text/text-terms';
import { RELATION_EN } from '../../rules/lexicon';
import type { PastedStatement } from './pasted-lines';

const lexicon = englishWords as Readonly<Record<string, readonly string[] | undefined>>;
const tags = (word: string) => lexicon[word.toLowerCase()] ?? [];

// --- English -----------------------------------------------------------------------------

const ASSISTANTS_EN = /\b(?:the assistant|chatgpt|claude|gemini)\b/gi;
// "User mentioned that they have a dog", "You've told me you're vegetarian": what was said.
const SAID_EN = String.raw`(?:(?:has|have|had)\s+)?(?:(?:also|previously|once|recently|often)\s+)?(?:mentioned|said|stated|noted|shared|told me|indicated|explained|reported|revealed|expressed|confirmed)\s+`;
const REPORTED_EN = new RegExp(String.raw`^(?:(?:(?:the )?user|you|you['’]ve|they|he|she)\s+${SAID_EN}(?:that\s+)?|${SAID_EN}that\s+)`, 'i');
const USER_EN = /^(?:the user|user|the client)\b\s*/i;
const USERS_EN = /^(?:the user|user|the client)['’]s\s+/i;
const YOU_EN = /^(you(?:['’](?:re|ve|d|ll))?)\s+/i;
const ADVERB_EN = /^(?:usually|always|often|normally|typically|generally|mostly|never|rarely|sometimes|regularly|occasionally|frequently|also|still|really|actually|just|only|already|currently|now|recently|finally|strongly|mainly|primarily|definitely|especially|tends? to)$/i;
const MODALS_EN = /^(?:can|can['’]t|cannot|could|couldn['’]t|would|wouldn['’]t|will|won['’]t|should|shouldn['’]t|might|may|must|used)$/i;
const IRREGULAR_BASE: Record<string, string> = { is: 'am', "isn't": 'am not', 'isn’t': 'am not', has: 'have', "hasn't": "haven't", 'hasn’t': "haven't", does: 'do', "doesn't": "don't", 'doesn’t': "don't", goes: 'go' };
// Said of a state, not an act: "Based in Lyon" is "I am based in Lyon", "Moved to Berlin" is "I moved…".
const STATE_WORDS_EN =
  /^(?:based|born|raised|married|engaged|divorced|separated|widowed|retired|employed|unemployed|self-employed|located|settled|interested|involved|allergic|intolerant|lactose-intolerant|pregnant|vegetarian|vegan|pescatarian|fluent|bilingual|left-handed|right-handed|originally|single|an?|the)$/i;
const PREPOSITION_EN = /^(?:to|in|at|on|from|with|by|for|of|as|since|about|and|,)$/i;
const RELATION_START_EN = new RegExp(`^(?:(?:older|younger|big|little|twin|best|eldest|youngest)\\s+)?(?:${RELATION_EN})(?:s|es)?(?:['’]s)?\\b`, 'i');

/** Base form of a verb said of someone else ("prefers" → "prefer", "tries" → "try"), or null if it is none. */
function baseVerb(word: string): string | null {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR_BASE[lower];
  if (irregular) return irregular;
  // "Lena's", "always", "glasses": a possessive, an adverb or a noun, not a verb.
  if (!/[^s'’]s$/.test(lower) || /['’]/.test(lower) || /(?:ous|ics|ness|ss|ways|ys)$/.test(lower)) return null;
  const known = tags(lower);
  if (known.length > 0 && !known.includes('VBZ')) return null;
  const candidates = [lower.replace(/ies$/, 'y'), lower.replace(/(?<=(?:sh|ch|x|z|o|ss))es$/, ''), lower.slice(0, -1)];
  return candidates.find((base) => base !== lower && tags(base).some((tag) => tag === 'VB' || tag === 'VBP')) ?? lower.slice(0, -1);
}

/** "Is vegetarian" → "I am vegetarian": the subject a line leaves out, put back; null if it is no subjectless statement. */
function withSubject(text: string): string | null {
  const words = text.split(/\s+/);
  let at = 0;
  while (at < words.length - 1 && ADVERB_EN.test(words[at] ?? '')) at += 1;
  const word = words[at] ?? '';
  const next = (words[at + 1] ?? '').replace(/[,.]$/, '');
  const lower = word.toLowerCase();
  const before = words.slice(0, at).map((w) => w.toLowerCase());
  const join = (verb: string) => `I ${[...before, verb, ...words.slice(at + 1)].join(' ')}`;
  const be = () => `I am ${[...before, lower, ...words.slice(at + 1)].join(' ')}`;
  const known = tags(lower);
  if (/^(?:was|wasn['’]t|had|hadn['’]t|did|didn['’]t)$/i.test(lower) || MODALS_EN.test(lower)) return join(lower);
  const base = baseVerb(word);
  if (base) return join(base);
  // "Always answer in metric units", "Use British spelling": an instruction, already in its own voice.
  if (known.includes('VB') || known.includes('VBP')) return null;
  if (STATE_WORDS_EN.test(lower) || known.includes('JJ')) return be();
  if (/ing$/.test(lower) && (known.includes('VBG') || known.length === 0)) return be();
  if (known.includes('VBD') || (known.length === 0 && /ed$/.test(lower))) return join(lower);
  // "Vegetarian", "Allergic to peanuts": a word no verb, alone or before a preposition.
  if (known.length === 0 && (words.length === 1 || PREPOSITION_EN.test(next))) return be();
  return null;
}

type Swaps = Readonly<Record<string, string>>;

// In the assistant's words "I"/"me" are the assistant; "their"/"them" (third person) or "you"
// (second person) are the user.
const ASSISTANT_WORDS: Swaps = { i: 'you', me: 'you', my: 'your', mine: 'yours', myself: 'yourself', "i'm": "you're", "i've": "you've" };
const THIRD_PERSON: Swaps = { ...ASSISTANT_WORDS, their: 'my', theirs: 'mine', them: 'me', themselves: 'myself' };
const SECOND_PERSON: Swaps = { ...ASSISTANT_WORDS, you: 'me', your: 'my', yours: 'mine', yourself: 'myself', "you're": "I'm", "you've": "I've" };

function reflectRest(text: string, swaps: Swaps): string {
  return text
    .replace(/[A-Za-z]+(?:['’][a-z]+)?/g, (word) => {
      const swapped = swaps[word.toLowerCase().replace('’', "'")];
      if (!swapped) return word;
      return /^[A-Z][a-z]/.test(word) ? swapped.charAt(0).toUpperCase() + swapped.slice(1) : swapped;
    })
    .replace(/\b(?:that|and|but|so|when|if|because|since|while) me\b/g, (phrase) => `${phrase.slice(0, -2)}I`)
    .replace(/\b(?:the user['’]s|user['’]s)\b/gi, 'my')
    .replace(/\bthe user\b/gi, 'me')
    .replace(ASSISTANTS_EN, 'you');
}

const YOU_SUBJECT: Swaps = { you: 'I', "you're": "I'm", "you've": "I've", "you'd": "I'd", "you'll": "I'll" };

/**
 * `addSubject`: a line that leaves the user out ("Is vegetarian") gets "I" back; a label's value
 * ("Hobbies: hiking") does not, it only changes voice.
 */
function firstPersonEnglish(text: string, names: readonly string[], addSubject = true): string {
  let rest = text;
  const reported = REPORTED_EN.exec(rest);
  if (reported) {
    rest = rest.slice(reported[0].length);
    // After "mentioned that", "they"/"he"/"she" is the user: "…that they have a dog", "…he's vegan".
    const pronoun = /^(?:they|he|she)(['’](?:re|s))?\s+/i.exec(rest);
    if (pronoun) {
      const after = rest.slice(pronoun[0].length);
      const verb = /^\S+/.exec(after)?.[0] ?? '';
      const said = pronoun[1] ? `am ${after}` : /^(?:are|is)$/i.test(verb) ? `am${after.slice(verb.length)}` : `${baseVerb(verb) ?? verb}${after.slice(verb.length)}`;
      return `I ${reflectRest(said, THIRD_PERSON)}`;
    }
  }
  const name = names.find((n) => new RegExp(`^${n}(?:['’]s)?\\b`, 'i').test(rest));
  if (name) rest = rest.replace(new RegExp(`^${name}(['’]s)?`, 'i'), (_, possessive: string | undefined) => (possessive ? "user's" : 'user'));
  if (USERS_EN.test(rest)) return `My ${reflectRest(rest.replace(USERS_EN, ''), THIRD_PERSON)}`;
  if (/^your\s+/i.test(rest)) return `My ${reflectRest(rest.replace(/^your\s+/i, ''), SECOND_PERSON)}`;
  const you = YOU_EN.exec(rest);
  if (you) {
    const subject = YOU_SUBJECT[(you[1] ?? '').toLowerCase().replace('’', "'")] ?? 'I';
    const verb = rest.slice(you[0].length).replace(/^are\b/i, 'am').replace(/^were\b/i, 'was');
    return `${subject} ${reflectRest(verb, SECOND_PERSON)}`;
  }
  if (USER_EN.test(rest)) rest = rest.replace(USER_EN, '');
  // "She works as a teacher" under "Wife is Ana" is the wife's: the extractor knows whom she is.
  else if (/^(?:he|she|they|his|her|their|it)\b/i.test(rest)) return reflectRest(rest, ASSISTANT_WORDS);
  else if (RELATION_START_EN.test(rest)) return `My ${reflectRest(lowerFirst(rest), THIRD_PERSON)}`;
  const reflected = reflectRest(rest, THIRD_PERSON);
  return (addSubject ? withSubject(reflected) : null) ?? reflected;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** "Work: nurse in Lyon" → "I work as a nurse in Lyon": the statement a label and its value make. */
const LABELS_EN: ReadonlyArray<readonly [RegExp, (value: string) => string]> = [
  [/^(?:(?:full |preferred )?name|nickname)$/i, (v) => `My name is ${v}`],
  [/^(?:location|home|city|lives?|residence|based in|hometown)$/i, (v) => `I live in ${v}`],
  [/^(?:work|job|occupation|profession|career|role|employment)$/i, (v) => (/^[A-Z]/.test(v) && !/^(?:A|An|The)\b/.test(v) && !/\s(?:at|in|for)\s/.test(v) && v.split(/\s+/).length <= 2 ? `I work at ${v}` : `I work as ${withArticle(v)}`)],
  [/^(?:employer|company|workplace)$/i, (v) => `I work at ${v}`],
  [/^(?:diet|dietary (?:needs|preferences|restrictions))$/i, (v) => (v.split(/\s+/).length === 1 ? `I am ${lowerFirst(v)}` : `My diet is ${lowerFirst(v)}`)],
  [/^(?:allerg(?:y|ies))$/i, (v) => `I am allergic to ${lowerFirst(v)}`],
  [/^(?:pets?|kids|children)$/i, (v) => `I have ${lowerFirst(v)}`],
  [/^(?:languages?)$/i, (v) => `I speak ${v}`],
  [/^(?:hobbies|interests|hobby|interest)$/i, (v) => `I enjoy ${lowerFirst(v)}`],
  [/^(?:age)$/i, (v) => `I am ${v.replace(/\s*(?:years? old)?$/i, '')} years old`],
];
const IGNORED_LABELS = /^(?:note|notes|also|update|fact|memory|other|misc|miscellaneous|general|info|注意|备注|其他|其它)$/i;

function withArticle(value: string): string {
  if (/^(?:a|an|the|my|self-employed|freelance|retired|unemployed)\b/i.test(value)) return lowerFirst(value);
  return `${/^[aeiou]/i.test(value) ? 'an' : 'a'} ${lowerFirst(value)}`;
}

// --- Chinese -----------------------------------------------------------------------------

const REPORTED_ZH = /^(?:用户|该用户|这位用户|你|您)?(?:曾经?|之前|以前|最近|也)?(?:提到|提及|说过|表示|告诉我|提过|分享|透露)(?:过)?(?:了)?[，,：:]?\s*(?:他|她|自己)?/;
const YOU_ZH = /^(?:你|您)/;
const USER_ZH = /^(?:用户|该用户|这位用户)/;
const LABELS_ZH: ReadonlyArray<readonly [RegExp, (value: string) => string]> = [
  [/^(?:姓名|名字|称呼)$/, (v) => `我叫${v}`],
  [/^(?:居住地|住址|所在地|城市|常住地|坐标)$/, (v) => `我住在${v}`],
  [/^(?:职业|工作|职位|身份)$/, (v) => `我是${v}`],
  [/^(?:饮食|饮食习惯)$/, (v) => `我${/^(?:吃|不吃|是)/.test(v) ? '' : '是'}${v}`],
  [/^(?:过敏|过敏原)$/, (v) => `我对${v}过敏`],
  [/^(?:宠物|孩子)$/, (v) => `我有${v}`],
  [/^(?:爱好|兴趣|兴趣爱好)$/, (v) => `我喜欢${v}`],
  [/^(?:语言)$/, (v) => `我会说${v}`],
  [/^(?:妻子|老婆|丈夫|老公|先生|太太|女儿|儿子|爸爸|妈妈|父亲|母亲|哥哥|姐姐|弟弟|妹妹|男朋友|女朋友|伴侣|爱人)$/, (v) => v],
];

/** In the assistant's words 我 is the assistant and 你 (or 用户) the user. */
function firstPersonChinese(text: string, names: readonly string[]): { statement: string; subjectless: boolean } {
  const reported = REPORTED_ZH.exec(text);
  if (reported && reported[0] !== '') return { statement: `我${text.slice(reported[0].length).replace(/用户/g, '我')}`, subjectless: false };
  const name = names.find((n) => text.startsWith(n));
  if (name) return { statement: `我${text.slice(name.length).replace(/用户/g, '我')}`, subjectless: false };
  if (YOU_ZH.test(text)) return { statement: `我${text.replace(YOU_ZH, '').replace(/[我你您]/g, (c) => (c === '我' ? '你' : '我'))}`, subjectless: false };
  const rest = text.replace(/我/g, '你').replace(/用户/g, '我');
  if (USER_ZH.test(text)) return { statement: rest.replace(/^(?:该|这位)?我/, '我'), subjectless: false };
  return { statement: rest, subjectless: !rest.startsWith('我') };
}

// --- Both --------------------------------------------------------------------------------

export interface FirstPerson {
  /** The statement in the user's voice. */
  statement: string;
  /** A Chinese line without a subject ("喜欢简洁的回答"): read with 我 before it unless it is an instruction. */
  subjectlessChinese: boolean;
}

function fromLabel(label: string, value: string, chinese: boolean): string | null {
  const bare = value.replace(/[.。]$/, '');
  if (chinese) {
    const template = LABELS_ZH.find(([pattern]) => pattern.test(label))?.[1];
    if (!template) return null;
    // "妻子：安娜" → "我的妻子叫安娜"; "女儿：朵朵，2019年出生" → "我的女儿是朵朵，2019年出生".
    return template === LABELS_ZH.at(-1)?.[1] ? `我的${label}${/^(?:叫|是)/.test(bare) ? '' : '是'}${bare}` : template(bare);
  }
  const template = LABELS_EN.find(([pattern]) => pattern.test(label))?.[1];
  if (template) return template(bare);
  // "Wife: Ana": someone of the user's, named.
  return RELATION_START_EN.test(label) ? `My ${lowerFirst(label)} is ${bare}` : null;
}

function ownVoice(text: string, names: readonly string[], chinese: boolean, addSubject = true): FirstPerson {
  if (!chinese) return { statement: firstPersonEnglish(text, names, addSubject), subjectlessChinese: false };
  const read = firstPersonChinese(text, names);
  return { statement: read.statement, subjectlessChinese: read.subjectless };
}

/** Names the paste gives the user ("Name: Lena", "User's name is Lena", 名字是李娜), to read "Lena works as…" as the user. */
export function userNames(statements: readonly PastedStatement[]): string[] {
  const names = new Set<string>();
  for (const s of statements) {
    const labelled = s.label && /^(?:(?:full |preferred )?name|姓名|名字)$/i.test(s.label) ? /^([A-Z][\p{L}'’-]+|[\u4e00-\u9fff]{2,4})/u.exec(s.value)?.[1] : undefined;
    const said =
      /^(?:(?:the )?user['’]s|your|my)?\s*name\s+is\s+([A-Z][\p{L}'’-]+)/iu.exec(s.text)?.[1] ??
      /(?:名字|姓名)(?:是|叫)([\u4e00-\u9fff]{2,4})/.exec(s.text)?.[1] ??
      /^(?:用户|你|您)叫([\u4e00-\u9fff]{2,4})$/.exec(s.text)?.[1];
    for (const name of [labelled, said]) if (name) names.add(name);
  }
  return [...names];
}

/** The statement in the user's own voice, for the rule extractor. */
export function toFirstPerson(statement: PastedStatement, names: readonly string[]): FirstPerson {
  const chinese = isMostlyChinese(statement.text);
  const { label, value } = statement;
  if (label !== null) {
    if (IGNORED_LABELS.test(label)) return ownVoice(value, names, chinese);
    const templated = fromLabel(label, value, chinese);
    if (templated !== null) return { statement: templated, subjectlessChinese: false };
    // Another label ("SYSTEM: …", "Hobbies: …") stays with its value, the value in the user's voice.
    const own = ownVoice(value, names, chinese, false);
    return { statement: `${label}${chinese ? '：' : ': '}${own.statement}`, subjectlessChinese: false };
  }
  const own = ownVoice(statement.text, names, chinese);
  // A fragment under a heading that works as a label ("**Work**" / "- Nurse in Lyon") reads as one.
  const fragment = chinese ? own.subjectlessChinese : own.statement === statement.text;
  const templated = fragment && statement.under !== null ? fromLabel(statement.under, statement.text, chinese) : null;
  return templated !== null ? { statement: templated, subjectlessChinese: false } : own;
}
