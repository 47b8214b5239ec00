/**
 * Secrets said the way people say them (issue 14): the value sits a few words after its keyword
 * ("the wifi password at home is sunflower42", "the code to their safe is 7391"), before it ("…
 * with Tr0ub4dor&3 as the pass"), spelt with spaces ("PIN 4 4 2 1", "s k - p r o j - …"), split
 * ("key begins sk-proj- and continues …"), or as a wallet's recovery phrase (12–24 words of the
 * BIP-39 list, from @scure/bip39's wordlist). Look-alikes stay: a room number, a zip code, an
 * order number or a date has no keyword in front of it.
 */
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { SecretKind, SecretMatch } from './secrets';

const BIP39 = new Set(wordlist);
const KEYWORD = String.raw`(?:wi-?fi\s+)?(?:password|passwd|passcode|pass|pwd|pw|p[a@4]ssw[o0]rd|pin(?:\s+(?:code|number))?|login|(?:safe|door|gate|alarm|garage|locker|building|entry|lock|combination|security|keypad|key ?pad|padlock)\s+code|code\s+(?:to|for)\s+(?:the\s+|my\s+|our\s+|their\s+|his\s+|her\s+)?(?:safe|door|gate|alarm|garage|locker|building|lock|front door|back door|house|flat|apartment))`;
// keyword, up to six words ("at home", "to my dad's old dell laptop"), then is/was/:/= and the value.
const AFTER_KEYWORD = new RegExp(String.raw`\b${KEYWORD}\b(?:\s+(?!is\b|was\b)[\w.'’-]+){0,6}?\s*(?:is|was|=|:|-)\s*["'“‘]?((?:\d[\s-]?){3,11}\d|[^\s"'”’,;]{3,})`, 'gi');
// "PIN 4 4 2 1", "pin 0492": no verb, but digits right after.
const DIGITS_AFTER_KEYWORD = new RegExp(String.raw`\b${KEYWORD}\s*[:#]?\s*((?:\d[\s-]?){3,11}\d)\b`, 'gi');
// "my revolut pin again, its 8812", "the door code? it's 4471": the value said as "it's …" a few
// words after its keyword, where AFTER_KEYWORD's "is" has no subject.
const ITS_AFTER_KEYWORD = new RegExp(String.raw`\b${KEYWORD}\b[^.!?\n]{0,40}?\b(?:it['’]?s|it is|which is|that['’]?s)\s*["'“‘]?((?:\d[\s-]?){3,11}\d|[^\s"'”’,;]{4,})`, 'gi');
// "Tr0ub4dor&3 as the pass", "QuietOtter77 is my password".
const BEFORE_KEYWORD = /(?<![\w@&$!%*#?-])([^\s"'“”,;]{4,})\s+(?:as|is)\s+(?:the|my|our|their|his|her)\s+(?:pass|password|passcode|pin|login)\b/gi;
/** Words after "password is" that are no password ("the password is written on the router"). */
export const NOT_A_VALUE_WORDS = ['is', 'was', 'the', 'my', 'your', 'for', 'and', 'but', 'that', 'this', 'here', 'please', 'same', 'different', 'secure', 'strong', 'weak', 'manager', 'reset', 'changed', 'again', 'too', 'very', 'so', 'written', 'saved', 'stored', 'somewhere', 'on', 'in', 'at', 'hidden', 'expired', 'wrong', 'long', 'short', 'easy', 'hard', 'simple', 'complicated', 'fine', 'correct', 'right'];
// A value a few words away from its keyword can also be a word like these.
// "laptop login is aisha.k / Falcon#314", "work login: jsmith pw Tr0ub4dor", "creds are admin:Passw0rd!",
// "online banking: user maria_77 pw Lemon#2020":
// a user name and a password said as a pair. The user name alone looks like no secret, so the
// pair is masked from the name to the end of the password.
const CREDENTIAL_PAIR =
  /\b(?:login|log-?in|credentials|creds|sign[- ]?in|account|user(?:name)?\s*(?:and|&|\/)\s*(?:password|pass|pw)|user(?:name)?(?=\s+\S+\s+(?:pw|pass(?:word)?)\b))\b(?:\s+(?!is\b|are\b|was\b)[\w.'’-]+){0,3}?\s*(?:is|are|was|=|:|-)?\s*["'“‘]?([^\s"'”’,;:/]{2,})\s*(?:\/|:|,|\band\b|\bpw\b|\bpass(?:word)?\b)\s*(?:(?:is|=|:)\s*)?["'“‘]?([^\s"'”’,;]{3,})/gi;
const NOT_A_VALUE = new RegExp(`^(?:${[...NOT_A_VALUE_WORDS, 'our', 'their', 'to', 'of', 'it', 'what', 'which', 'below', 'above', 'attached', 'new', 'old'].join('|')})$`, 'i');
const KEY_PREFIX = /\b(?:sk-(?:proj|live|test|ant)-?|ghp_|gho_|github_pat_|xox[abprs]-|AKIA|ASIA|glpat-|AIza)/g;
const SPELT_OUT = /(?:(?<![\w])[A-Za-z0-9_-]\s){12,}[A-Za-z0-9_-](?![\w])/g;
const WORD_RUN = /\b[A-Za-z]+(?:\s+[A-Za-z]+){11,}\b/g;

const looksLikeValue = (value: string) => !NOT_A_VALUE.test(value.replace(/[.!?]+$/, '')) && (/[\d@&$!%*#?]/.test(value) || /[a-z][A-Z]|[A-Z][a-z]+[A-Z]/.test(value));

export function contextualSecrets(text: string, keyPatterns: ReadonlyArray<readonly [SecretKind, RegExp]>): SecretMatch[] {
  const found: SecretMatch[] = [];
  const push = (kind: SecretKind, start: number, value: string) => found.push({ kind, start, end: start + value.replace(/[.!?]+$/, '').length });
  for (const match of text.matchAll(AFTER_KEYWORD)) {
    const value = match[1] ?? '';
    // "the wifi password at home is sunflower42"; not "the password is written on the router".
    // A capitalised word after a password word and "is" is the password too ("the wifi pw at my
    // place is Tangerine"): nobody capitalises "written" or "long" mid-sentence.
    const named = /^[A-Z][a-z]{3,}[!?.]?$/.test(value) && !NOT_A_VALUE.test(value.replace(/[!?.]$/, ''));
    if (looksLikeValue(value) || /^\d/.test(value) || named) push('password', match.index + match[0].lastIndexOf(value), value);
  }
  for (const match of text.matchAll(ITS_AFTER_KEYWORD)) {
    const value = match[1] ?? '';
    if (/\d/.test(value) && (looksLikeValue(value) || /^\d/.test(value))) push('password', match.index + match[0].lastIndexOf(value), value);
  }
  for (const match of text.matchAll(DIGITS_AFTER_KEYWORD)) push('password', match.index + match[0].lastIndexOf(match[1]!), match[1]!);
  for (const match of text.matchAll(CREDENTIAL_PAIR)) {
    const [name, password] = [match[1] ?? '', match[2] ?? ''];
    if (!looksLikeValue(password) || NOT_A_VALUE.test(name)) continue;
    const start = match.index + match[0].lastIndexOf(name, match[0].length - password.length - 1);
    push('password', start, text.slice(start, match.index + match[0].length));
  }
  for (const match of text.matchAll(BEFORE_KEYWORD)) {
    const value = match[1] ?? '';
    if (looksLikeValue(value)) push('password', match.index, value);
  }
  // A key prefix with no key after it ("begins sk-proj- and continues …"): the rest of the
  // sentence carries the key, however it is split. A whole key is the key patterns' business.
  for (const match of text.matchAll(KEY_PREFIX)) {
    if (/^[A-Za-z0-9_-]{12,}/.test(text.slice(match.index + match[0].length))) continue;
    const rest = /[^.!?\n]*/.exec(text.slice(match.index))?.[0] ?? '';
    found.push({ kind: 'api_key', start: match.index, end: match.index + rest.length });
  }
  // A key spelt out with spaces: collapse it and ask the key patterns.
  for (const match of text.matchAll(SPELT_OUT)) {
    const collapsed = match[0].replace(/\s+/g, '');
    if (keyPatterns.some(([, pattern]) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(collapsed)) || /^(?:sk-|ghp_|AKIA)/.test(collapsed)) {
      found.push({ kind: 'api_key', start: match.index, end: match.index + match[0].length });
    }
  }
  // 12–24 words, each on the BIP-39 list: a wallet's recovery phrase.
  for (const match of text.matchAll(WORD_RUN)) {
    const words = match[0].split(/\s+/);
    for (let i = 0; i + 12 <= words.length; i += 1) {
      const run = words.slice(i);
      let n = 0;
      while (n < run.length && BIP39.has(run[n]!.toLowerCase())) n += 1;
      if (n >= 12) {
        // Offsets in the original text (the words may be separated by any whitespace).
        const spans = [...match[0].matchAll(/[A-Za-z]+/g)];
        const start = match.index + spans[i]!.index;
        const last = spans[i + n - 1]!;
        found.push({ kind: 'recovery_phrase', start, end: match.index + last.index + last[0].length });
        break;
      }
    }
  }
  return found;
}
