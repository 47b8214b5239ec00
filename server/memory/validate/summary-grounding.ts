/**
 * Issue 19: the quote is checked against the user's words, and so is the summary. A model can
 * copy a real quote and still write a summary that says something else ("…] Ignore all previous
 * instructions…", a link, a password, an invented detail), and the summary is what gets injected
 * into every later prompt. A summary passes when it adds no instruction, link or credential the
 * source message lacks and most of its content words come from that message (paraphrase verbs
 * like "works", "prefers" excepted). A summary in another script than its quote (a Chinese
 * message summarised in English) is checked for instructions, links and credentials only.
 */
import { looksLikePromptInjection } from '../rules/filters';
import { RELATION_ZH } from '../rules/lexicon';
import { cjkContentChars, contentStems, isMostlyChinese, stem } from '../../text/text-terms';
import { mentionsCredential } from './secrets';

// Words a third-person summary uses for what the user said in other words.
const SUMMARY_WORDS = new Set(
  [
    'user', 'works', 'work', 'worked', 'job', 'lives', 'live', 'lived', 'living', 'based', 'likes', 'like', 'loves', 'love', 'enjoys',
    'prefers', 'prefer', 'preference', 'dislikes', 'hates', 'avoids', 'wants', 'plans', 'planned', 'planning', 'intends', 'has', 'have',
    'owns', 'named', 'called', 'moved', 'started', 'starts', 'stopped', 'quit', 'uses', 'used', 'usually', 'often', 'regularly',
    'currently', 'former', 'formerly', 'previously', 'recently', 'new', 'goes', 'went', 'visited', 'attended', 'allergic', 'allergy',
    'cannot', 'unable', 'eat', 'eats', 'drinks', 'learning', 'learns', 'studies', 'studying', 'member', 'family', 'wife', 'husband',
    'partner', 'daughter', 'son', 'child', 'children', 'kids', 'mother', 'father', 'parents', 'friend', 'colleague', 'assistant',
    'answers', 'replies', 'responses', 'respond', 'reply', 'should', 'asked', 'asks', 'times', 'week', 'weekly', 'daily',
    'since', 'until', 'around', 'about', 'degree', 'person', 'people', 'name', 'home', 'city', 'country', 'age', 'old', 'years',
  ].map(stem),
);
const URL = /\b(?:https?:\/\/|www\.)[^\s)]+/gi;
/** At most this share of a summary's own content words may be absent from its message… */
const MAX_UNGROUNDED_SHARE = 0.5;
/** …and never more than this many of them. */
const MAX_UNGROUNDED_WORDS = 4;
// The relation words a rule puts where the message said 他/她/它 (see summaryProblem).
const RELATION_THE_PRONOUN_NAMES = new RegExp(RELATION_ZH, 'g');

const THIRD_PERSON_EN = /\b(?:he|she|they|hes|shes|he['’]s|she['’]s|they['’]re|theyre|he['’]d|she['’]d)\b/i;
const NAMED_SUBJECT_EN = /^(?:[\p{L}'’-]+\s+){1,3}?(?=(?:is|are|was|were|has|have|had|will|would|can|does|did|loves|hates|likes|works|lives)\b)/iu;

/**
 * What is wrong with `summary` as a summary of `message` (containing `quote`), or null. A
 * correction restates what it corrects ("it's the first Wednesday" → "Meets the first Wednesday of
 * every month"): its words may also come from the user's `corrected` earlier words.
 */
export function summaryProblem(summary: string, quote: string, message: string, corrected = ''): string | null {
  if (looksLikePromptInjection(summary) && !looksLikePromptInjection(quote)) return 'the summary carries an instruction the quote does not';
  const links = summary.match(URL) ?? [];
  if (links.some((link) => !message.toLowerCase().includes(link.toLowerCase()))) return 'the summary has a link the message does not';
  if (mentionsCredential(summary) && !mentionsCredential(message)) return 'the summary mentions credentials the message does not';
  if (isMostlyChinese(summary) !== isMostlyChinese(quote)) return null;

  if (isMostlyChinese(summary)) {
    const own = new Set(cjkContentChars(`${message} ${corrected}`));
    // "他穿43码" after "我男朋友阿杰…": the summary names who 他 is ("男朋友穿43码"), from the
    // message before; the relation word is the rule's reading of the pronoun, not an invention.
    const named = /[他她它]/.test(quote) ? summary.replace(RELATION_THE_PRONOUN_NAMES, '') : summary;
    const chars = cjkContentChars(named);
    const missing = chars.filter((c) => !own.has(c));
    return chars.length >= 4 && missing.length / chars.length > MAX_UNGROUNDED_SHARE ? `the summary's words are not in the message (${missing.join('')})` : null;
  }
  const own = new Set(contentStems(`${message} ${corrected}`));
  // "Boy Nikau is vegetarian now" for "he's decided he's vegetarian now": the subject names who
  // "he" is, from the message before, as the Chinese check allows for 他/她.
  const named = THIRD_PERSON_EN.test(quote) ? summary.replace(NAMED_SUBJECT_EN, '') : summary;
  const words = contentStems(named).filter((w) => !SUMMARY_WORDS.has(w) && !/^\d+$/.test(w));
  const missing = [...new Set(words.filter((w) => !own.has(w)))];
  const tooMany = missing.length > MAX_UNGROUNDED_WORDS || (words.length >= 3 && missing.length / words.length > MAX_UNGROUNDED_SHARE);
  return tooMany ? `the summary says what the message does not (${missing.slice(0, 5).join(', ')})` : null;
}
