/**
 * Grounding (SPEC §4.3.1): an item's quote must occur in a user-authored message of the window.
 * Matching forgives what models change when they copy text — case, runs of whitespace,
 * full-width vs half-width forms, curly vs straight quotes, and punctuation at the quote's ends —
 * and reports positions in the original message so the source check can use them.
 */
import type { ExtractionWindow, SourceMessage } from '../extraction-schema';

interface Normalized {
  text: string;
  /** Original index of each normalised character. */
  origin: number[];
}

const PUNCTUATION_FOLD: Record<string, string> = {
  '‘': "'", '’': "'", '‚': "'", '‛': "'", '“': '"', '”': '"', '„': '"', '«': '"', '»': '"', '「': '"', '」': '"', '『': '"', '』': '"',
  '。': '.', '、': ',', '．': '.', '｡': '.', '–': '-', '—': '-', '―': '-', '…': '...', '～': '~',
};
const INVISIBLE = /[\u200b-\u200d\ufeff\u00ad]/;

/** Lower-cased, NFKC-folded text with whitespace runs collapsed, keeping a map back to the original. */
export function normalizeForMatch(input: string): Normalized {
  let text = '';
  const origin: number[] = [];
  let lastWasSpace = true;
  Array.from(input).reduce((offset, char) => {
    if (!INVISIBLE.test(char)) {
      const folded = (PUNCTUATION_FOLD[char] ?? char.normalize('NFKC')).toLowerCase();
      for (const out of folded) {
        if (/\s/.test(out)) {
          if (!lastWasSpace) {
            text += ' ';
            origin.push(offset);
          }
          lastWasSpace = true;
        } else {
          text += out;
          origin.push(offset);
          lastWasSpace = false;
        }
      }
    }
    return offset + char.length;
  }, 0);
  if (text.endsWith(' ')) {
    text = text.slice(0, -1);
    origin.pop();
  }
  return { text, origin };
}

const EDGE_PUNCTUATION = /^[\s"'.,;:!?()[\]-]+|[\s"'.,;:!?()[\]-]+$/g;

/** Every [start, end) in `haystack` (original offsets) where `quote` occurs, normalised. */
export function findQuote(haystack: string, quote: string): Array<{ start: number; end: number }> {
  const needle = normalizeForMatch(quote).text.replace(EDGE_PUNCTUATION, '');
  if (needle === '') return [];
  const hay = normalizeForMatch(haystack);
  const found: Array<{ start: number; end: number }> = [];
  let at = hay.text.indexOf(needle);
  while (at !== -1) {
    const start = hay.origin[at] ?? 0;
    const lastOrigin = hay.origin[at + needle.length - 1] ?? start;
    const lastChar = Array.from(haystack.slice(lastOrigin))[0] ?? '';
    found.push({ start, end: lastOrigin + lastChar.length });
    at = hay.text.indexOf(needle, at + 1);
  }
  return found;
}

export type Grounding =
  | { ok: true; message: SourceMessage; occurrences: Array<{ start: number; end: number }> }
  | { ok: false; reason: 'ungrounded' | 'not_user_authored'; detail: string };

/**
 * Which user message holds the quote: the one the item names when it does, else the first user
 * message of the window that does (new messages first). A quote found only in assistant text is
 * not the user's.
 */
export function groundQuote(quote: string, sourceMessageId: string | undefined, window: ExtractionWindow): Grounding {
  const isNew = new Set(window.newMessageIds);
  const users = window.messages.filter((m) => m.role === 'user');
  const ordered = [
    ...users.filter((m) => m.id === sourceMessageId),
    ...users.filter((m) => m.id !== sourceMessageId && isNew.has(m.id)),
    ...users.filter((m) => m.id !== sourceMessageId && !isNew.has(m.id)),
  ];
  for (const message of ordered) {
    const occurrences = findQuote(message.content, quote);
    if (occurrences.length > 0) return { ok: true, message, occurrences };
  }
  const inAssistant = window.messages.some((m) => m.role === 'assistant' && findQuote(m.content, quote).length > 0);
  if (inAssistant) return { ok: false, reason: 'not_user_authored', detail: 'the quote occurs only in assistant messages' };
  return { ok: false, reason: 'ungrounded', detail: 'the quote does not occur in any message of the window' };
}
