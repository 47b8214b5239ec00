/**
 * Splits a message into sentences and clauses while keeping offsets into the original text, so
 * every item's quote is an exact substring of the user's message (SPEC §4.3.1).
 */

export interface Segment {
  text: string;
  start: number;
  end: number;
}

// A full stop after these does not end a sentence ("Dr. Lee", "St. Mary's", "Ursula K. Le Guin").
const ABBREVIATIONS = /(?:^|\s)(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|jr|sr|no|approx|prof|inc|ltd|co|mt)$/i;

function trimmed(text: string, start: number, end: number): Segment | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text.charAt(from))) from += 1;
  while (to > from && /\s/.test(text.charAt(to - 1))) to -= 1;
  if (from >= to) return null;
  return { text: text.slice(from, to), start: from, end: to };
}

// "…ate my marking yesterday 🙃 can u give me…": an emoji followed by more text closes a sentence.
const EMOJI_END = /\p{Extended_Pictographic}[\uFE0F\u200D\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]*(?=\s)/u;

function endsSentenceAt(text: string, index: number): boolean {
  const char = text.charAt(index);
  if (/\s/.test(char) && index > 0) {
    const before = text.slice(Math.max(0, index - 8), index);
    if (new RegExp(`${EMOJI_END.source.replace('(?=\\s)', '')}$`, 'u').test(before)) return true;
  }
  if ('。！？；\n'.includes(char)) return true;
  if (!'.!?;'.includes(char)) return false;
  const next = text.charAt(index + 1);
  if (char === '.') {
    if (next !== '' && !/\s/.test(next)) return false; // file.ts, 3.5, e.g.
    const before = text.slice(Math.max(0, index - 12), index);
    if (/(?:^|\s)[A-Z]$/.test(before)) return false; // initials
    if (ABBREVIATIONS.test(before)) return false;
  }
  // Runs of terminators ("?!", "...") end at the last one.
  return !'.!?'.includes(next) || next === '';
}

/** Sentences of `text` (terminators included), skipping blank stretches. */
export function splitSentences(text: string, from = 0, to = text.length): Segment[] {
  const sentences: Segment[] = [];
  let start = from;
  for (let i = from; i < to; i += 1) {
    if (endsSentenceAt(text, i)) {
      const segment = trimmed(text, start, i + 1);
      if (segment && /[\p{L}\p{N}]/u.test(segment.text)) sentences.push(segment);
      start = i + 1;
    }
  }
  const last = trimmed(text, start, to);
  if (last && /[\p{L}\p{N}]/u.test(last.text)) sentences.push(last);
  return sentences;
}

// Clause breaks: punctuation (not inside 6:40 or 1,000), dashes, conjunctions that start a new
// statement, a "pls" run on into "i…" ("no coriander pls i cant stand it"), and a space between Chinese characters (typed instead of a comma: "我住竹北 家里两只柯基"),
// also when code-switching puts an English word at the edge: "我是accountant 在CBD一家小firm 住在
// Parramatta" (a word glued to Chinese on one side and a space on the other is a clause edge;
// "跟 manager 谈", spaced on both sides, is one clause), or an English connective between two
// Chinese clauses ("住两个礼拜 also 我最近在学pottery").
// Chat's "lol" or "haha" between two statements ends the first ("i disagree lol i have matcha every
// single morning"). Typed without any punctuation, a new subject with its verb starts a new
// statement too ("our baby girl was born on january 20th her name is Anaya she was 3.2 kilos",
// "back at work im a mortgage underwriter at a bank", "hes a corgi his legs are like 4 inches
// long", "im so tired can you tell me how much formula…"), unless the word before it leads into it
// ("i think im a", "the day his dad was born") or it follows fewer than three words ("kofi my son
// is allergic" is one statement).
const RUN_ON_EN = String.raw`(?<!(?:^|[^\p{L}'’])(?:that|which|who|because|cause|cuz|coz|if|when|so|and|but|or|think|thought|know|knew|said|say|says|guess|hope|feel|felt|wish|mean|where|what|why|how|whether|than|as|since|until|till|before|after|while|though|tho|although|then|now|just|like|the|a|an|is|was|whats|what's|day|time|one|thing|cos|once|unless|sure|realise|realize|remember|forgot|forget|bet|means|tell|told|see|seeing))(?<=(?:^|[,;:.!?])[^,;:.!?]*?[^\s,;:.!?]+\s+[^\s,;:.!?]+\s+[^\s,;:.!?]*[\p{L}\p{N}])\s+(?=(?:her|his|their)\s+name\s+is\b|(?:she|he)\s+(?:was|is|has)\s|(?:she|he)['’]?s\s+(?:an?|the|so|very|really|super|only|still|\d)|(?:im|i['’]m|i\s+am)\s+(?:an?|the)\s|(?:his|her|their|my|our)\s+[\p{L}'’-]+\s+(?:is|are|was|were)\s|(?:can|could|would|will)\s+(?:you|u)\s)`;
// A comma between a day and its year ("may 5, 2018") is part of the date, not a clause break.
const CLAUSE_BREAK_BASE =
  /\s*(?:[;，；：、]|(?<!\d),|,(?!\d|\s(?:19|20)\d{2}\b)|(?<!\d):|:(?!\d))\s*|\s+[-–—]+\s+|\s+(?=but\s)|\s+(?=and\s+(?:i|i'm|i’m|im|i've|i’ve|ive|i'll|i'd|my|we|we're|our|he|she|they|he's|she's|they're)\b)|\s+(?=and\s+the\s+[\w'’-]+(?:\s+[\w'’-]+){0,4}\s+(?:is|are|was|were|seems|looks|gets)\b)|(?<=^|[\s,;])(?:meanwhile|whereas),?\s+|(?<=\b(?:pls|plz|please|thx|thanks|ty))\s+(?=(?:i|i'm|i’m|im|my|we)\s)|\s+(?=so\s+(?:i|i'm|im|we|please|pls|when|whenever|if|don'?t|dont|do not|never|no|always|avoid|keep|maybe|any|what|how|can|could|should|would|will|is|are|do|does|did|you|u|it|its|it's|that's|yeah|ya)\b)|\s+(?:lol|lmao|haha+|tbh|ngl)\s+(?=(?:i|i'm|i’m|im|i've|ive|my|we)\s)|(?=但是|不过|所以|而且|因为)|(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])|(?<=[\u3400-\u9fff][A-Za-z0-9]+)\s+(?=[\u3400-\u9fff])|(?<=[\u3400-\u9fff])\s+(?=[A-Za-z0-9]+[\u3400-\u9fff])|(?<=[\u3400-\u9fff])\s+(?=(?:also|anyway|btw|but|and|so|plus|then|oh)\s+[\u3400-\u9fff])/giu;
const CLAUSE_BREAK = new RegExp(`${CLAUSE_BREAK_BASE.source}|${RUN_ON_EN}`, 'giu');
const LONE_DATE = /^(?:\d{1,2} ?月 ?\d{1,2} ?[号日]?(?: ?(?:到|至|[-~～]) ?(?:\d{1,2} ?月 ?)?\d{1,2} ?[号日]?)? ?(?:[上下]午|晚上)? ?(?:\d{1,2} ?点)?|\d{1,2}[/.]\d{1,2}|(?:周|星期)[一二三四五六日天])[\s.!！。~]*$/u;
// "getting married in chandigarh, 12 december", "moved my dentist to thursday, the 25th": an
// English date on its own belongs to the clause before it too.
const MONTH_EN = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const DAY_EN = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const LONE_DATE_EN = new RegExp(String.raw`^(?:on\s+)?(?:(?:the\s+)?${DAY_EN}(?:\s+(?:of\s+)?${MONTH_EN})?|${MONTH_EN}\s+${DAY_EN}|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:,?\s+(?:the\s+)?${DAY_EN}(?:\s+(?:of\s+)?${MONTH_EN})?)?)(?:\s+(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?[\s.!~]*$`, 'i');
// "driving to denver for her sisters wedding, weekend of june 20", "signed up for a course at tafe,
// tues and thurs nights", "lila started swim lessons, saturdays at 9am": a stretch of time on its
// own is when the clause before it happens.
const WEEKDAY_EN = String.raw`(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?`;
const LONE_WHEN_EN = new RegExp(
  String.raw`^(?:(?:the\s+)?(?:weekend|week)\s+(?:of|after)\s+(?:the\s+)?(?:${DAY_EN}(?:\s+(?:of\s+)?${MONTH_EN})?|${MONTH_EN}\s+${DAY_EN})|(?:on\s+|every\s+)?${WEEKDAY_EN}(?:\s*(?:and|&|n|,)\s*${WEEKDAY_EN})+(?:\s+(?:nights?|mornings?|evenings?|afternoons?))?|(?:on\s+|every\s+)?${WEEKDAY_EN}\s+(?:nights?|mornings?|evenings?|afternoons?)|(?:on\s+|every\s+)?${WEEKDAY_EN}(?:\s+(?:nights?|mornings?|evenings?|afternoons?))?\s+(?:at|from)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?(?:\s*(?:-|–|to|till|until)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?)[\s.!~]*$`,
  'i',
);
// "just sesame, makes my throat go itchy", "shellfish - gives me hives": a reaction with no subject
// of its own says what the short phrase before it does to the user.
const SUBJECTLESS_REACTION_EN = /^(?:it\s+)?(?:makes|made|gives|gave|sets\s+off|set\s+off|triggers|triggered|brings\s+on)\s+(?:me|my)\b/i;

// "back to eating breakfast, usually toast and eggs": a habitual aside with no verb of its own.
const ASIDE_EN = /^(?:usually|mostly|normally|typically|mainly|generally|especially|esp)\s+(?![\w'’]*\s*(?:is|are|was|were|i|we|he|she|they|you|u|it)\b)[\p{L}\p{N}\s&'’-]{2,40}[\s.!~]*$/iu;

const RELATIVE_EN = /^(?:which|who|whose)\s+(?!(?:i|you|u|we)\b)\w+/i;
const GOES_ON_EN = /^(?:is|was|are|were|has|had|have|loves|likes|hates|works|lives|does|did|plays|teaches|runs|owns|got|gets|just|also|still|never|always)\b/i;

// "My manager, Tom, wants …": an appositive name is not a clause of its own.
const APPOSITIVE = /\bmy\s+[a-z-]+(?:\s+[a-z-]+)?$/i;
const NAME_ONLY = /^[A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?$/u;

// "live in glasgow and work in insurance": two facts joined by "and" + a verb of the same subject.
const AND_VERB = /\s+(?=and\s+(?:also\s+)?(?:work|works|live|lives|have|has|love|loves|like|likes|hate|hates|play|plays|speak|speaks|study|studies|teach|teaches|own|owns|drive|drives|use|uses|started|moved|enjoy|enjoys|prefer|prefers|volunteer|volunteers|coach|coaches)\b)/gi;

/** Splits a clause at "and <verb>" when the part before it says something on its own (3+ words). */
function splitAtAndVerb(text: string, piece: Segment): Segment[] {
  const parts: Segment[] = [];
  let start = piece.start;
  for (const match of piece.text.matchAll(AND_VERB)) {
    const at = piece.start + match.index;
    if (text.slice(start, at).trim().split(/\s+/).length < 3) continue;
    const left = trimmed(text, start, at);
    if (left) parts.push(left);
    start = at;
  }
  const last = trimmed(text, start, piece.end);
  if (last) parts.push(last);
  return parts;
}

// Quoted words are one piece: "finish my letters with 'Warm regards, Margaret'". A single quote
// counts only when it is not an apostrophe (no letter on its outer side).
const QUOTED = /(?<![\p{L}\p{N}])(?:'[^'\n]{1,80}'|‘[^’\n]{1,80}’)(?![\p{L}\p{N}])|"[^"\n]{1,80}"|“[^”\n]{1,80}”|「[^」\n]{1,80}」/gu;
// So is an aside in brackets: "mila (one of my twins, shes 6) got diagnosed coeliac" is one clause
// about mila, not "shes 6) got diagnosed" on its own.
const BRACKETED = /\([^()\n]{1,80}\)|（[^（）\n]{1,80}）/gu;

/** Clauses of a sentence, with leading connectives left in place for the patterns to read. */
export function splitClauses(text: string, sentence: Segment): Segment[] {
  const pieces: Segment[] = [];
  let start = sentence.start;
  const body = sentence.text;
  const quoted = [...body.matchAll(QUOTED), ...body.matchAll(BRACKETED)].map((q) => [q.index, q.index + q[0].length] as const);
  for (const match of body.matchAll(CLAUSE_BREAK)) {
    if (quoted.some(([from, to]) => match.index > from && match.index < to)) continue;
    const at = sentence.start + match.index;
    const piece = trimmed(text, start, at);
    if (piece) pieces.push(piece);
    start = at + match[0].length;
  }
  const last = trimmed(text, start, sentence.end);
  if (last) pieces.push(last);

  // Re-join "my manager" + "Tom" + "wants …" into one clause.
  const joined: Segment[] = [];
  for (let i = 0; i < pieces.length; i += 1) {
    const piece = pieces[i];
    const next = pieces[i + 1];
    if (piece && next && APPOSITIVE.test(piece.text) && NAME_ONLY.test(next.text.replace(/[.!?]+$/, ''))) {
      const after = pieces[i + 2];
      const end = after ? after.end : next.end;
      joined.push({ text: text.slice(piece.start, end), start: piece.start, end });
      i += after ? 2 : 1;
      continue;
    }
    // "I work as software tester in a game company, Kitsune Games, so …": a name set off by commas
    // after a noun names that noun; it is no clause of its own.
    const previousPiece = joined.at(-1);
    if (piece && previousPiece && NAME_ONLY.test(piece.text) && /\b(?:a|an|the|my|our)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]{3,}$/iu.test(previousPiece.text)) {
      joined[joined.length - 1] = { text: text.slice(previousPiece.start, piece.end), start: previousPiece.start, end: piece.end };
      continue;
    }
    // "My husband and I are going…", "niamh and i adopted…": the pair is one subject, not a clause.
    if (piece && next && (/^(?:(?:my|our)\s+[\w-]+|[\p{L}'’-]+)$/iu.test(piece.text) || /^and\s+(?:i|we)\s+(?:are|were|have|['’]ve|['’]re|both|just|got)\b/i.test(next.text)) && /^and\s+(?:i|we)\b/i.test(next.text)) {
      joined.push({ text: text.slice(piece.start, next.end), start: piece.start, end: next.end });
      i += 1;
      continue;
    }
    // "10月要回深圳参加婚礼 10月17号": a date on its own belongs to the clause before it; so does a
    // relative clause: "a book club at the library, which meets on the first Tuesday".
    const previous = joined.at(-1);
    if (piece && previous && RELATIVE_EN.test(piece.text)) {
      // "my sister, who lives in cork, is a nurse": the sentence goes on after the relative clause.
      const after = pieces[i + 1];
      const end = after && GOES_ON_EN.test(after.text) ? after.end : piece.end;
      joined[joined.length - 1] = { text: text.slice(previous.start, end), start: previous.start, end };
      if (end !== piece.end) i += 1;
      continue;
    }
    const reaction = previous && SUBJECTLESS_REACTION_EN.test(piece?.text ?? '') && previous.text.split(/\s+/).length <= 4;
    if (piece && previous && (reaction || LONE_DATE.test(piece.text) || LONE_DATE_EN.test(piece.text) || LONE_WHEN_EN.test(piece.text) || (ASIDE_EN.test(piece.text) && !/\p{Script=Han}/u.test(previous.text)))) {
      joined[joined.length - 1] = { text: text.slice(previous.start, piece.end), start: previous.start, end: piece.end };
      continue;
    }
    if (piece) joined.push(...splitAtAndVerb(text, piece));
  }
  return joined.filter((segment) => /[\p{L}\p{N}]/u.test(segment.text));
}

/** A sub-span of `segment` given offsets relative to its text, trimmed of spaces and edge punctuation. */
export function subSegment(text: string, segment: Segment, from: number, to: number = segment.text.length): Segment | null {
  let start = segment.start + from;
  let end = segment.start + to;
  while (start < end && /[\s,;:，；：、"'“”]/.test(text.charAt(start))) start += 1;
  while (end > start && /[\s,;:，；：、.!?。！？"'“”]/.test(text.charAt(end - 1))) end -= 1;
  if (start >= end) return null;
  return { text: text.slice(start, end), start, end };
}
