/**
 * Secrets and identifiers (SPEC §4.3.3): passwords, API keys and tokens, card numbers and national
 * ID numbers are never stored. Card and Chinese ID numbers are checked with their check digits so
 * an order number or a phone number is not mistaken for one. Issue 14 added the shapes people
 * actually type (contextual.ts: "the wifi password at home is …", "… as the pass", PINs and
 * safe/door codes, recovery phrases of BIP-39 words, keys spelt out with spaces or split in two).
 */
import { toSimplified } from '../../text/chinese-script';
import { contextualSecrets, NOT_A_VALUE_WORDS } from './contextual-secrets';

export type SecretKind = 'password' | 'api_key' | 'token' | 'card_number' | 'national_id' | 'private_key' | 'recovery_phrase';

export interface SecretMatch {
  kind: SecretKind;
  start: number;
  end: number;
}

export const REDACTED = '[redacted]';

const KEY_PATTERNS: ReadonlyArray<readonly [SecretKind, RegExp]> = [
  ['private_key', /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g],
  ['api_key', /\bsk-(?:proj-|live-|test-|ant-(?:api\d{2}-)?)?[A-Za-z0-9_-]{16,}/g],
  ['api_key', /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b/g],
  ['api_key', /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g],
  ['api_key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g],
  ['api_key', /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g],
  ['api_key', /\bAIza[0-9A-Za-z_-]{35}\b/g],
  // Stripe's keys: test keys in its docs are 24 characters after the prefix, but people paste
  // truncated or older ones ("sk_live_4eC39HqLyjWD"); the prefix alone says what it is.
  ['api_key', /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}\b/g],
  ['api_key', /\bglpat-[A-Za-z0-9_-]{20,}\b/g],
  // A password inside any URL ("redis://default:Zq8x…@cache:6379"); secretlint's rule knows only some schemes.
  ['password', /(?<=\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]{3,}(?=@)/gi],
  ['token', /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g],
  ['token', /\b[a-f0-9]{32,}\b/gi],
];

// "password is hunter2", "pwd: x", "密码是123456": the value after the keyword.
// Without "is" / ":" the value must look like one ("password hunter2"), not a word ("password manager").
const PASSWORD_VALUE =
  /\b(?:password|passwd|passcode|pass ?phrase|pwd|pw|pin(?: code| number)?|wi-?fi password)(?:\s+(?:for|to|of|on)\s+(?:the\s+|my\s+|our\s+|their\s+|his\s+|her\s+)?[\w.'’-]+(?:\s+[\w.-]+){0,2})?\s*(is|was|=|:|-|should be|will be)?\s*["'“‘]?([^\s"'”’,;.]{3,}(?:\.[^\s"'”’,;.]+)*)/gi;
// (係/系 is Cantonese for 是: "开机密码係190853".)
const PASSWORD_VALUE_ZH = /(?:密码|口令|支付密码|开机密码|登录密码|PIN码)(?:是|为|係|系|:|：|=)?\s*["“]?([^\s"”，。,；;]{3,})/g;
const KEYWORD_VALUE =
  /\b(?:api[ _-]?key|api[ _-]?token|access[ _-]?token|secret[ _-]?key|access[ _-]?key|auth[ _-]?token|bearer|client[ _-]?secret|token|secret)\s*(?:is|=|:)?\s*["'“]?([A-Za-z0-9_\-./+=]{12,})/gi;
const NOT_A_VALUE = new RegExp(`^(?:${NOT_A_VALUE_WORDS.join('|')})$`, 'i');

const CARD_CANDIDATE = /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g;
// A card named as one ("card is 4532 7781 0093 2210", "visa ending… 4539 8812 0457 3316"): its
// number is a secret whether or not its check digit is right (a typo is still the user's card).
const CARD_LABELLED = /\b(?:card|visa|mastercard|master card|amex|credit|debit)\b[^.!?\n\d]{0,24}((?:\d[ -]?){12,18}\d)(?![\d-])|(?:卡号|银行卡|信用卡)[^。！？\n\d]{0,8}((?:\d[ -]?){12,18}\d)(?!\d)/gi;
const CN_ID = /(?<!\d)[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])/g;
// Malaysia's MyKad number: a birth date, a place code and a serial (900412-14-5528).
const MY_NRIC = /(?<![\d-])\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-\d{2}-\d{4}(?![\d-])/g;
const US_SSN = /(?<!\d)(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?!\d)/g;
const SSN_LABELLED = /\b(?:ssn|social security(?: number)?|社保号)\s*(?:is|:|#|number)?\s*(\d{9})\b/gi;
// A national or tax ID named by its label, whatever the country's format: "my PESEL is 92071804567",
// "SIN是 946 123 456", "passport no. X1234567", "NI number QQ 12 34 56 C". The label makes any run
// of six or more digits (spaces and dashes allowed, letters around them) an identifier. (身份证 and
// 社保号 are left to the checks above: a Chinese ID with a wrong check digit is no ID.)
const NATIONAL_ID_LABELLED = new RegExp(
  String.raw`(?:\b(?:ssn|sin|pesel|health (?:card|insurance|care)(?: number| no\.?| #)?|medicare(?: card)?(?: number| no\.?)?|nhs(?: number| no\.?)?|nino?|ni number|national insurance(?: number)?|passport(?: number| no\.?| #)?|nie|nif|dni|bsn|cpf|aadhaa?r|tfn|personnummer|codice fiscale|steuer-?id|tax (?:id|number|file number)|social insurance(?: number)?|id (?:number|card number)|national id(?: number)?|nric|ic(?= (?:number|no\b))|mykad)\b|护照号(?:码)?|居民证号|身份证号(?:码)?)` +
    String.raw`(?:\s+(?:number|no\.?|#))?\s*(?:is|was|:|#|=|-|是|为|：)?\s*["'“‘]?((?=(?:[A-Za-z]{0,3}[\s-]?)?(?:\d[\s-]?){6,}|(?:[A-Za-z]*\d){6})[A-Za-z0-9][A-Za-z0-9 -]{5,22}[A-Za-z0-9])`,
  'gi',
);
// A vendor's token shape: a short lower-case prefix, "_", then a random tail ("figd_8HsQ2kLmXp9",
// "pat_9fK2…"): mixed case and digits, so snake_case names ("user_id", "max_retries_3") are not one.
const PREFIXED_TOKEN = /(?<![A-Za-z0-9_-])[a-z][a-z0-9]{1,9}_[A-Za-z0-9]{10,}(?![A-Za-z0-9_-])/g;
const MIXED_TOKEN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{32,}={0,2}(?![A-Za-z0-9+/_-])/g;

function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = Number(digits.charAt(i));
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** GB 11643 check digit of a Chinese resident ID number. */
function chineseIdValid(id: string): boolean {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  const sum = weights.reduce((total, weight, i) => total + weight * Number(id.charAt(i)), 0);
  return checks.charAt(sum % 11) === id.charAt(17).toUpperCase();
}

function valueSpan(match: RegExpMatchArray, group: number): { start: number; end: number } | null {
  const value = match[group];
  if (value === undefined || match.index === undefined) return null;
  const start = match.index + match[0].lastIndexOf(value);
  return { start, end: start + value.length };
}

/** Secret values in `text`, by position (overlaps merged by the masker). */
export function findSecrets(written: string): SecretMatch[] {
  // Traditional characters read as Simplified ("開機密碼係190853"): the same length, so every
  // position found is a position in what was written.
  const text = toSimplified(written);
  const found: SecretMatch[] = [];
  for (const [kind, pattern] of KEY_PATTERNS) {
    for (const match of text.matchAll(pattern)) found.push({ kind, start: match.index, end: match.index + match[0].length });
  }
  for (const match of text.matchAll(PASSWORD_VALUE)) {
    const value = match[2] ?? '';
    const span = valueSpan(match, 2);
    const looksLikeValue = match[1] !== undefined || /[^A-Za-z]/.test(value);
    if (span && looksLikeValue && !NOT_A_VALUE.test(value)) found.push({ kind: 'password', ...span });
  }
  for (const match of text.matchAll(PASSWORD_VALUE_ZH)) {
    const span = valueSpan(match, 1);
    if (span) found.push({ kind: 'password', ...span });
  }
  for (const match of text.matchAll(KEYWORD_VALUE)) {
    const span = valueSpan(match, 1);
    if (span && /\d/.test(match[1] ?? '')) found.push({ kind: 'token', ...span });
  }
  for (const match of [...text.matchAll(MIXED_TOKEN), ...text.matchAll(PREFIXED_TOKEN)]) {
    const value = match[0];
    if (/[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value)) found.push({ kind: 'token', start: match.index, end: match.index + value.length });
  }
  for (const match of text.matchAll(CARD_CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits) && !/^(\d)\1+$/.test(digits)) {
      found.push({ kind: 'card_number', start: match.index, end: match.index + match[0].length });
    }
  }
  for (const match of text.matchAll(CARD_LABELLED)) {
    const group = match[1] !== undefined ? 1 : 2;
    const span = valueSpan(match, group);
    // A labelled card the check digit already found is one secret, not two.
    if (span && !found.some((f) => f.start < span.end && span.start < f.end)) found.push({ kind: 'card_number', ...span });
  }
  for (const match of text.matchAll(CN_ID)) {
    if (chineseIdValid(match[0])) found.push({ kind: 'national_id', start: match.index, end: match.index + match[0].length });
  }
  for (const match of text.matchAll(MY_NRIC)) found.push({ kind: 'national_id', start: match.index, end: match.index + match[0].length });
  for (const match of text.matchAll(US_SSN)) found.push({ kind: 'national_id', start: match.index, end: match.index + match[0].length });
  for (const match of text.matchAll(SSN_LABELLED)) {
    const span = valueSpan(match, 1);
    if (span) found.push({ kind: 'national_id', ...span });
  }
  for (const match of text.matchAll(NATIONAL_ID_LABELLED)) {
    const value = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*?(?=\s+[A-Za-z]{2,}\b|$)/.exec(match[1]!)?.[0] ?? match[1]!;
    const start = match.index + match[0].lastIndexOf(match[1]!);
    // A Chinese ID or an SSN the checks above already found is one secret, not two.
    if (!found.some((f) => f.start < start + value.length && start < f.end)) found.push({ kind: 'national_id', start, end: start + value.length });
  }
  found.push(...contextualSecrets(text, KEY_PATTERNS));
  return found.sort((a, b) => a.start - b.start);
}

/**
 * findSecrets, plus every occurrence of `known` values: provider tokens the asynchronous detector
 * (provider-secrets.ts) found in the source message beforehand, so synchronous validation sees them.
 */
export function findSecretsWith(text: string, known: readonly string[]): SecretMatch[] {
  const found = findSecrets(text);
  for (const value of known) {
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) {
      found.push({ kind: 'api_key', start: at, end: at + value.length });
    }
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** `text` with every secret value replaced by "[redacted]". */
export function maskSecrets(text: string): string {
  return maskSpans(text, findSecrets(text));
}

/** `text` with the given spans (sorted by start, overlaps allowed) replaced by "[redacted]". */
export function maskSpans(text: string, secrets: readonly SecretMatch[]): string {
  let result = '';
  let cursor = 0;
  for (const secret of secrets) {
    if (secret.start < cursor) {
      cursor = Math.max(cursor, secret.end);
      continue;
    }
    result += text.slice(cursor, secret.start) + REDACTED;
    cursor = secret.end;
  }
  return result + text.slice(cursor);
}

/** The values of the given secrets in `source`, longest first (what a reply must not repeat). */
export function secretValues(source: string, secrets: readonly SecretMatch[]): string[] {
  const values = secrets.map((secret) => source.slice(secret.start, secret.end).trim()).filter((value) => value.length >= 3);
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/**
 * `text` with each of `values` replaced: a reply that repeats the user's password ("Got it, your
 * AWS key is AKIA…") is shown and stored without it.
 */
export function maskValues(text: string, values: readonly string[]): string {
  return values.reduce((masked, value) => masked.split(value).join(REDACTED), text);
}

const CREDENTIAL_WORDS =
  /\b(?:password|passwd|passcode|pwd|p[a@4]ssw[o0]rd|recovery phrase|seed phrase|mnemonic|(?:safe|door|gate|alarm|garage|locker) code|code (?:to|for) (?:the |my |our |their |his |her )?(?:safe|door|gate|alarm|garage|locker|house|flat|front door)|pin(?: code)?|api[ _-]?key|api[ _-]?token|access[ _-]?token|secret[ _-]?key|private[ _-]?key|access[ _-]?key|token|credentials?|card number|credit card|debit card|bank card|cvv|cvc|ssn|sin|pesel|nino|ni number|national insurance|tax file number|social security|passport(?: number| no)?|id number|id card|national id|login|pw|(?:stripe |license |licence )?key|user ?name|health (?:card|insurance|care)|medicare|nhs number)\b|密码|口令|卡号|身份证|护照号|银行卡|信用卡|验证码|密钥|社保号/i;

/** Does the text talk about a credential or identifier (so the credential is its point)? */
export function mentionsCredential(text: string): boolean {
  return CREDENTIAL_WORDS.test(toSimplified(text));
}
