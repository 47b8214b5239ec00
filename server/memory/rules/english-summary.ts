/**
 * Turns a first-person English clause into a third-person memory summary without a subject
 * ("I usually run in the morning" → "Usually runs in the morning", "I'm allergic to peanuts" →
 * "Allergic to peanuts"), the house style of SPEC §5.5's examples.
 */

// "no, it's the 21st" opens with a filler; "no peanuts anywhere" is what is said (it lost its "no").
const LEADING_FILLER =
  /^(?:(?:ok(?:ay)?|so|well|also|and|but|instead|oh|btw|by the way|actually|honestly|anyway|anyways|yeah|yes|yep|no(?=\s*[,!.:;\-—]|\s+(?:wait|sorry|actually|i|i['’]m|im|my|we|it['’]?s|its|the)\b)|nope|sorry|hmm+|um+|uh+|plus|fyi|tbh|just so you know|for context|context|since|as|because|though|although|while|lol|haha+|hey|hi|fun fact|side note|update|correction|ps|p\.s\.|just)\b[\s,:;.!\-—]*)+/i;
const LEADING_HEDGE = /^(?:i think|i guess|i suppose|i believe|i feel like|i reckon|i suspect)(?:\s+that)?[\s,]+/i;
const TRAILING_FILLER =
  /(?:[\s,;:\-—]+(?:lol|haha+|lmao|tbh|honestly|by the way|btw|though|anyway|really|either|at all|haha|:\)|:D|for sure|i guess|i think|for real|these days|to be honest|rn|atm|tho|ngl|fr))+[\s.!?…]*$|[\s.!?…~]+$|\s*(?:\p{Extended_Pictographic}|\uFE0F)+\s*$/iu;

const MODALS = new Set(['can', 'could', 'should', 'must', 'might', 'may', 'will', 'would', 'shall', "can't", 'cannot', "won't", "wouldn't", "shouldn't", "couldn't", "mustn't"]);
export const IRREGULAR_PAST = new Set([
  'fell', 'hurt', 'tore', 'cut', 'put', 'set', 'let', 'hit', 'shut', 'split', 'quit', 'read', 'rode', 'sang', 'swung', 'stole', 'stuck', 'struck', 'bit', 'hid', 'blew', 'drew',
  'went', 'got', 'had', 'was', 'were', 'left', 'took', 'made', 'met', 'saw', 'bought', 'sold', 'quit', 'did', 'came', 'became',
  'began', 'broke', 'ran', 'ate', 'drank', 'wrote', 'spoke', 'forgot', 'gave', 'found', 'felt', 'kept', 'knew', 'lost', 'paid',
  'said', 'sent', 'sat', 'slept', 'spent', 'stood', 'told', 'thought', 'understood', 'won', 'flew', 'drove', 'grew', 'taught',
  'brought', 'caught', 'fought', 'built', 'held', 'heard', 'led', 'meant', 'rode', 'swam', 'threw', 'wore', 'woke', 'chose',
]);
const ADVERBS =
  /^(?:usually|always|often|normally|typically|generally|mostly|never|rarely|seldom|sometimes|regularly|occasionally|frequently|also|still|really|actually|just|only|even|already|currently|now|basically|finally|recently|eventually|officially|literally|absolutely|totally|kinda|definitely|honestly|almost|hardly|mainly|primarily|strongly|much|kind of|sort of|pretty much|almost always|almost never|hardly ever|genuinely|truly)$/i;
// "I do love sushi": an emphatic do before a verb of feeling; "I do early shifts", "I do yoga": do is the verb.
const EMPHASIS_AFTER_DO = /^(?:love|like|hate|enjoy|want|need|think|miss|prefer|care|believe|feel|have|know|hope|wish|appreciate|mind|get|try|eat|drink|play|read|cook|run)$/i;

/** Third-person singular of an English verb ("run" → "runs", "fly" → "flies", "have" → "has"). */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  // Past forms, modals and gerunds ("Enjoying the journey…") do not agree with a subject.
  if (MODALS.has(lower) || IRREGULAR_PAST.has(lower) || /(?:ed|ing)$/.test(lower)) return verb;
  const irregular: Record<string, string> = { be: 'is', am: 'is', are: 'is', have: 'has', do: 'does', go: 'goes', "don't": "doesn't", "'m": 'is', "haven't": "hasn't", "aren't": "isn't" };
  const mapped = irregular[lower.replace('’', "'")];
  if (mapped) return mapped;
  // Other negatives ("didn't", "wasn't") and contractions are already past or agree.
  if (/n['’]t$/.test(lower)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const PRONOUNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b[Ii]['’]m\b/g, "they're"],
  [/\b[Ii]['’]ve\b/g, "they've"],
  [/\b[Ii]['’]ll\b/g, "they'll"],
  [/\b[Ii]['’]d\b/g, "they'd"],
  [/\b[Ii] am\b/g, 'they are'],
  [/\bmyself\b/gi, 'themselves'],
  [/\bmine\b/gi, 'theirs'],
  [/\bmy\b/gi, 'their'],
  [/\bme\b/gi, 'them'],
  [/\bI\b/g, 'they'],
  [/\bi\b/g, 'they'],
  [/\bours\b/gi, 'theirs'],
  [/\bour\b/gi, 'their'],
  [/\bus\b/g, 'them'],
  [/\bwe['’]re\b/gi, "they're"],
  [/\bwe\b/gi, 'they'],
  [/\byourself\b/gi, 'the assistant'],
  [/\byour\b/gi, "the assistant's"],
  [/\byou\b/gi, 'the assistant'],
];

/** Replaces first-person words with third-person ones (and "you" with "the assistant"). */
export function reflectToThirdPerson(text: string): string {
  let result = text;
  for (const [pattern, replacement] of PRONOUNS) result = result.replace(pattern, replacement);
  return result;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

// "I'm lactose intolerant so no cheese suggestions pls": the memory is the part before "so".
const CONSEQUENCE = /^((?:\S+\s+){2,}?\S+)\s+(?:so|because|which means|hence)\s+(?!that\b|much\b|far\b|many\b|long\b).*$/i;

/** Removes fillers at both ends ("so", "actually", "lol", trailing punctuation and emoji). */
export function stripFillers(text: string): string {
  // "a midwife haha she'd be so offended": laughter ends what was said; the rest is an aside.
  let result = text.trim().replace(CONSEQUENCE, '$1').replace(/^((?:\S+\s+){2,}?\S+?)[\s,]+(?:haha+|hehe+|lol|lmao|rofl)\b[\s\S]*$/i, '$1');
  for (let i = 0; i < 3; i += 1) {
    const before = result;
    result = result.replace(LEADING_FILLER, '').replace(LEADING_HEDGE, '').replace(TRAILING_FILLER, '').trim();
    if (result === before) break;
  }
  return result;
}

function afterBe(rest: string, plural: boolean): string {
  const verb = plural ? 'Are' : 'Is';
  if (/^(?:not|no longer)\b/i.test(rest)) return `${verb} ${rest}`;
  // "I'm flying to Tokyo" → "Flying to Tokyo"; "I'm usually asleep" → "Usually asleep";
  // "I'm allergic to X" → "Allergic to X"; "I'm a nurse" → "Is a nurse".
  if (/^(?:\w+ing|usually|always|often|normally|never|rarely|mostly|currently|now|still|also|allergic|based|originally)\b/i.test(rest)) {
    return capitalize(rest);
  }
  return `${verb} ${rest}`;
}

/** "usually run in the morning" → "Usually runs in the morning". */
function adverbsThenVerb(rest: string): string {
  const words = rest.split(/(\s+)/);
  let index = 0;
  while (index < words.length && (ADVERBS.test(words[index] ?? '') || /^\s+$/.test(words[index] ?? ''))) index += 1;
  // The emphatic do goes: "do love sushi" → "Loves sushi".
  if (/^do$/i.test(words[index] ?? '') && EMPHASIS_AFTER_DO.test(words[index + 2] ?? '')) words.splice(index, 2);
  const verb = words[index];
  if (verb === undefined) return capitalize(rest);
  words[index] = thirdPerson(verb);
  return capitalize(words.join(''));
}

function withoutSubject(text: string): string {
  let match = /^(?:we|i)\s*(?:['’]m|['’]re| am| are)\s+(.*)$/i.exec(text);
  if (match) return afterBe(match[1] ?? '', false);

  match = /^i\s*(?:['’]ve| have)\s+(been|got|gotten|had|\w+ed|\w+en|done|made|taken|quit|become|begun|known|seen|left|kept|lost|met|paid|sold|spent|won|given up)\b(.*)$/i.exec(text);
  if (match) return `Has ${match[1] ?? ''}${match[2] ?? ''}`;
  match = /^we\s*(?:['’]ve| have)\s+(.*)$/i.exec(text);
  if (match) return `Have ${match[1] ?? ''}`;
  match = /^(?:i|we)\s*(?:['’]ll| will)\s+(.*)$/i.exec(text);
  if (match) return `Will ${match[1] ?? ''}`;
  match = /^(?:i|we)\s*(?:['’]d| would)\s+(.*)$/i.exec(text);
  if (match) return `Would ${match[1] ?? ''}`;
  match = /^(?:i|we)\s+(?:do not|don['’]?t)\s+(.*)$/i.exec(text);
  if (match) return `Doesn't ${match[1] ?? ''}`;
  match = /^(?:i|we)\s+(did not|didn['’]?t|can['’]?t|cannot|can not|could|couldn['’]?t|should|shouldn['’]?t|must|might|may|won['’]?t|wouldn['’]?t|used to)\s+(.*)$/i.exec(text);
  if (match) return `${capitalize(match[1] ?? '')} ${match[2] ?? ''}`;
  match = /^(?:i|we)\s+(need|have|want|hope|plan|intend|tend|try|like|love|hate|prefer)\s+to\s+(.*)$/i.exec(text);
  if (match) return `${capitalize(thirdPerson(match[1] ?? ''))} to ${match[2] ?? ''}`;

  match = /^(?:i|we)\s+(.*)$/i.exec(text);
  if (match) return adverbsThenVerb(match[1] ?? '');
  match = /^(?:my|our)\s+(\w+)\s+and\s+i\s+(?:are|'re|’re|were)?\s*(.*)$/i.exec(text);
  if (match) return `${capitalize(match[2] ?? '')} with their ${match[1] ?? ''}`;
  match = /^my\s+(.*)$/i.exec(text);
  if (match) return capitalize(match[1] ?? '');
  match = /^our\s+(.*)$/i.exec(text);
  if (match) return `Their ${match[1] ?? ''}`;
  return capitalize(text);
}

/**
 * A third-person summary of a first-person clause, or null when nothing is left. Hedged clauses
 * keep their hedge ("Might be lactose intolerant"), or get "Possibly" when stripping lost it.
 */
// "sam and i adopted a kitten" is the user's news, shared: "Adopted a kitten with sam".
const PAIR_SUBJECT = /^(?!(?:my|our|me|you|he|she|they|it)\b)([\p{L}'’-]+)\s+(?:and|&)\s+(i|we)\s+(.+?)([\s!.~]*)$/iu;

export function describeEnglish(clause: string, options: { hedged?: boolean } = {}): string | null {
  const stripped = stripFillers(clause);
  const pair = PAIR_SUBJECT.exec(stripped);
  const core = pair ? `${pair[2]} ${withPairAfterVerbPhrase(pair[3] ?? '', pair[1] ?? '')}` : stripped;
  if (core === '') return null;
  const hadHedgePrefix = LEADING_HEDGE.test(clause.trim().replace(LEADING_FILLER, ''));
  const subjectless = withoutSubject(core);
  const reflected = reflectToThirdPerson(subjectless.charAt(0) + subjectless.slice(1));
  let summary = capitalize(reflected.trim()).replace(/\s+/g, ' ');
  if ((options.hedged ?? false) && (hadHedgePrefix || !/\b(?:might|may|maybe|probably|possibly|perhaps|could)\b/i.test(summary))) {
    if (!/\b(?:might|may|maybe|probably|possibly|perhaps|could)\b/i.test(summary)) summary = `Possibly ${lowerFirst(summary)}`;
  }
  // "my mom is so annoying lol" loses its venting to the filler filter and leaves "Mom is": a
  // statement cut before it said anything is no memory.
  if (/\b(?:is|are|was|were|am|be|been|being|has|have|had|does|do|did)[\s.!?~]*$/i.test(summary)) return null;
  // "my pin is 4471, i always forget": once the secret is gone, forgetting nothing is no memory.
  if (/^(?:(?:always|never|often|usually|sometimes|still|just)\s+)?(?:forgets?|forgot|remembers?)[\s.!?~]*$/i.test(summary)) return null;
  return summary === '' ? null : summary;
}

/** "adopted a kitten last weekend" + sam → "adopted a kitten with sam last weekend". */
function withPairAfterVerbPhrase(rest: string, who: string): string {
  const when = /\s+(?:last|this|next|on|in|at|yesterday|today|tonight|tomorrow|\d)\b.*$/i.exec(rest);
  return when ? `${rest.slice(0, when.index)} with ${who}${rest.slice(when.index)}` : `${rest} with ${who}`;
}

/** A noun phrase in third person, for templates ("my peanut butter" → "their peanut butter"). */
export function describePhrase(phrase: string): string {
  return reflectToThirdPerson(stripFillers(phrase)).replace(/\s+/g, ' ').trim();
}

/** The head of a noun phrase for conflict hints ("evening runs" → "runs", "my coffee" → "coffee"). */
export function headNoun(phrase: string): string {
  const words = stripFillers(phrase)
    .replace(/\b(?:my|our|the|a|an|some|any|their|your|this|that|these|those)\b/gi, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  // "a Pixel 9": the model number is not the thing.
  const last = words.length > 1 && /^\d+\w?$/.test(words.at(-1) ?? '') ? words.at(-2) : words.at(-1);
  return (last ?? phrase).replace(/[^\p{L}\p{N}'-]/gu, '');
}

/** Clips a summary to the schema's word budget (SPEC §4.2: at most 50 words). */
export function clipWords(text: string, maxWords = 50): string {
  const tokens = text.match(/[\p{Script=Han}]|[^\s\p{Script=Han}]+\s*/gu) ?? [];
  if (tokens.length <= maxWords) return text;
  return tokens.slice(0, maxWords).join('').trim();
}
