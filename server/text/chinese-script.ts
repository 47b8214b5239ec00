/**
 * Traditional and Simplified Chinese as one language for memory: the rules and the search index
 * read Simplified (opencc-js, the JavaScript port of Open Chinese Convert: Taiwan and Hong Kong
 * forms to mainland ones), so "我現在住哪裡" finds "住在大安區" and the patterns written for 我们/记住
 * also read 我們/記住. Conversion keeps the length, so offsets into a converted text are offsets
 * into the original and a quote is still cut from the user's own words.
 */
import * as OpenCC from 'opencc-js/t2cn';
import * as Back from 'opencc-js/cn2t';

const toCn = OpenCC.Converter({ from: 'tw', to: 'cn' });
const toTw = Back.Converter({ from: 'cn', to: 'tw' });
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

function sameLength(convert: (text: string) => string, text: string): string {
  const converted = convert(text);
  if (converted.length === text.length) return converted;
  // A phrase conversion that changed the length: fall back to one character at a time.
  return Array.from(text, (char) => {
    const one = convert(char);
    return one.length === char.length ? one : char;
  }).join('');
}

/** `text` with Traditional characters in their Simplified form, same length. */
export function toSimplified(text: string): string {
  return HAN.test(text) ? sameLength(toCn, text) : text;
}

/** Does the text use Traditional forms (so what is written about it should too)? */
export function isTraditional(text: string): boolean {
  return HAN.test(text) && toSimplified(text) !== text;
}

/** A Simplified text back in Traditional, for a user who writes Traditional. */
export function toTraditional(text: string): string {
  return HAN.test(text) ? toTw(text) : text;
}

/**
 * A summary written from the Simplified form of `original`, back in the user's own characters:
 * each character the user wrote comes back as they wrote it (台北 stays 台北, not 臺北); only words
 * the summary adds are converted.
 */
export function inScriptOf(summary: string, original: string): string {
  if (!isTraditional(original)) return summary;
  const simple = toSimplified(original);
  const own = new Map<string, string>();
  Array.from(simple).forEach((char, i) => {
    const written = Array.from(original)[i];
    if (written && !own.has(char)) own.set(char, written);
  });
  return Array.from(summary, (char) => own.get(char) ?? toTraditional(char)).join('');
}
