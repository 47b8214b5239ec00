// Shared lexical helpers for the offline model and the local embedder. Pure (no Node or Next
// APIs) so recall code and scripts can reuse the same stemming and stop-words: matching only
// works when queries and stored text are normalised identically.

const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
const LATIN_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing done down during each else ' +
    'ever few for from further get got had has have having he her here hers herself him himself ' +
    'his how i if in into is it its itself just let me more most much my myself no nor not now of ' +
    'off on once only or other our ours ourselves out over own please same she should so some ' +
    'such than that the their theirs them themselves then there these they this those through to ' +
    'too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yourself yourselves im ive id ill youre dont doesnt didnt cant wont isnt ' +
    'arent s t re ve ll d m ok okay yes yeah hi hello hey thanks thank'
  ).split(' '),
);

// High-frequency Chinese function characters; they carry no topic on their own.
const CJK_STOP_CHARS = new Set(
  '的了是在我你他她它们吗呢吧啊呀哦嗯和与及就都也还这那个有一不么什怎把被给让对从向很太又再要会能可以着过得地之其'.split(''),
);

export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function isCjkStopChar(char: string): boolean {
  return CJK_STOP_CHARS.has(char);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.replace(/['’]/g, ''));
}

/** Lower-cased Latin/number words, in order, with CJK removed. */
export function latinWords(text: string): string[] {
  return normalizeText(text).replace(CJK_RUN, ' ').match(LATIN_WORD) ?? [];
}

/** Mostly-Chinese text gets Chinese replies; mixed text follows whichever script dominates. */
export function isMostlyChinese(text: string): boolean {
  const han = cjkRuns(text).join('').length;
  return han > 0 && han >= latinWords(text).length;
}

/** Maximal runs of CJK characters, in order. */
export function cjkRuns(text: string): string[] {
  return normalizeText(text).match(CJK_RUN) ?? [];
}

const DOUBLE_CONSONANT_END = /([bdfgkmnprt])\1$/;
const HAS_VOWEL = /[aeiouy]/;

/**
 * A light English stemmer: plural, -ing/-ed and trailing-e folding. Deliberately
 * conservative; it only has to map a query and a stored memory to the same form.
 */
export function stem(input: string): string {
  let word = input.toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '');
  if (word.length <= 3 || /\d/.test(word)) return word;

  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1);

  for (const suffix of ['ingly', 'edly', 'ing', 'ed']) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    if (base.length >= 3 && HAS_VOWEL.test(base)) {
      word = DOUBLE_CONSONANT_END.test(base) ? base.slice(0, -1) : base;
    }
    break;
  }

  if (word.length > 4 && word.endsWith('e')) word = word.slice(0, -1);
  if (word.length > 4 && word.endsWith('y')) word = `${word.slice(0, -1)}i`;
  return word;
}

/** Stemmed Latin content words (stop-words removed), in order. */
export function contentStems(text: string): string[] {
  return latinWords(text)
    .filter((word) => !isStopWord(word))
    .map(stem);
}

/** CJK character bigrams that are not made only of function characters. */
export function cjkBigrams(text: string): string[] {
  const grams: string[] = [];
  for (const run of cjkRuns(text)) {
    const chars = Array.from(run);
    for (let i = 0; i + 1 < chars.length; i += 1) {
      const a = chars[i] ?? '';
      const b = chars[i + 1] ?? '';
      if (isCjkStopChar(a) && isCjkStopChar(b)) continue;
      grams.push(a + b);
    }
  }
  return grams;
}

/** Non-function CJK characters, in order. */
export function cjkContentChars(text: string): string[] {
  return cjkRuns(text)
    .flatMap((run) => Array.from(run))
    .filter((char) => !isCjkStopChar(char));
}

/** Rough token count (words plus CJK characters) for usage reporting. */
export function estimateTokens(text: string): number {
  const han = cjkRuns(text).join('').length;
  return latinWords(text).length + han;
}
