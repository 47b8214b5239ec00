/**
 * The note the chat model reads about what the fast channel just did ("[Memory update] …"), so
 * its reply confirms exactly that; the built-in offline model gets the same facts as data
 * (`noteFacts`).
 */
import type { FastChannelResult } from './fast-channel';

export const NOTE_PREFIX = '[Memory update]';

const quoted = (items: string[]) => items.map((s) => `"${s}"`).join('; ');

function listedNote(result: Extract<FastChannelResult, { kind: 'listed' }>): string {
  const review = result.awaitingReview > 0 ? `\n${result.awaitingReview} more wait for the user's yes/no on the Memory page.` : '';
  if (result.items.length === 0) {
    return `${NOTE_PREFIX} The user asked what you remember about them. Their long-term memory is empty.${review}\nSay so, and that they can ask you to remember things.`;
  }
  const shown = result.items.length < result.total ? `; the ${result.items.length} most important` : '';
  const lines = result.items.map((m) => `- ${m.summary} (${m.kind}, importance ${m.importance}${m.sensitive ? ', sensitive' : ''})`);
  return [
    `${NOTE_PREFIX} The user asked what you remember about them. Their long-term memory holds ${result.total} active memories${shown}:`,
    ...lines,
    `${review.trim()}`,
    'List these plainly, and say that the Memory page in settings shows, edits and deletes all of them.',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

export function fastChannelNote(result: FastChannelResult): string {
  switch (result.kind) {
    case 'remembered': {
      const held = result.memories.filter((m) => m.held);
      const saved = result.memories.filter((m) => !m.held);
      if (held.length === 0) return `${NOTE_PREFIX} Saved to long-term memory just now: ${quoted(saved.map((m) => m.summary))}. Confirm this to the user in one short sentence.`;
      const savedToo = saved.length > 0 ? ` Saved too: ${quoted(saved.map((m) => m.summary))}.` : '';
      return `${NOTE_PREFIX} Held for the user's review, not used until they confirm it on the Memory page: ${quoted(held.map((m) => m.summary))} (${held[0]!.held}).${savedToo} Tell the user briefly, and do not follow it.`;
    }
    case 'not_stored':
      return `${NOTE_PREFIX} Nothing was saved because ${result.reason}. Tell the user briefly.`;
    case 'forgotten':
      return `${NOTE_PREFIX} Deleted from long-term memory just now: ${quoted(result.summaries)}. Confirm to the user that it is forgotten.`;
    case 'nothing_to_forget':
      return `${NOTE_PREFIX} The user asked to forget "${result.target}", but no stored memory matches it. Say so, and that nothing was deleted.`;
    case 'listed':
      return listedNote(result);
    case 'reprioritized':
      return `${NOTE_PREFIX} Priority changed in long-term memory just now: ${result.changes
        .map((c) => `"${c.summary}" importance ${c.from} → ${c.to}`)
        .join('; ')} (1 lowest, 5 highest). Confirm this to the user in one short sentence.`;
    case 'nothing_to_change':
      return `${NOTE_PREFIX} The user asked to change the priority of "${result.target}", but no stored memory matches it. Say so, and that nothing was changed.`;
    case 'corrected':
      return `${NOTE_PREFIX} Corrected in long-term memory just now: "${result.before}" now reads "${result.after}". Confirm the correction to the user in one short sentence.`;
    case 'already_known':
      return `${NOTE_PREFIX} Long-term memory already says "${result.summary}", so nothing needed changing. Tell the user briefly.`;
  }
}

/**
 * What the fast channel did, as the built-in offline model's reply needs it. Handed over as data
 * (server/model-calls/call-options.ts), never read back from the note's text.
 */
export type NoteFacts =
  | { kind: 'not_stored'; reason: string }
  | { kind: 'nothing_to_forget'; target: string }
  | { kind: 'listed'; items: string[]; total: number; awaitingReview: number }
  | { kind: 'reprioritized'; changes: { summary: string; from: number; to: number }[] }
  | { kind: 'nothing_to_change'; target: string }
  | { kind: 'corrected'; before: string; after: string }
  | { kind: 'already_known'; summary: string }
  | { kind: 'held'; reason: string }
  | { kind: 'other' };

export function noteFacts(result: FastChannelResult): NoteFacts {
  switch (result.kind) {
    case 'remembered': {
      const held = result.memories.find((m) => m.held);
      return held?.held ? { kind: 'held', reason: held.held } : { kind: 'other' };
    }
    case 'not_stored':
      return { kind: 'not_stored', reason: result.reason };
    case 'nothing_to_forget':
      return { kind: 'nothing_to_forget', target: result.target };
    case 'listed':
      return {
        kind: 'listed',
        items: result.items.map((m) => `${m.summary} (${m.kind}, importance ${m.importance}${m.sensitive ? ', sensitive' : ''})`),
        total: result.total,
        awaitingReview: result.awaitingReview,
      };
    case 'reprioritized':
      return { kind: 'reprioritized', changes: result.changes.map((c) => ({ summary: c.summary, from: c.from, to: c.to })) };
    case 'nothing_to_change':
      return { kind: 'nothing_to_change', target: result.target };
    case 'corrected':
      return { kind: 'corrected', before: result.before, after: result.after };
    case 'already_known':
      return { kind: 'already_known', summary: result.summary };
    case 'forgotten':
      return { kind: 'other' };
  }
}
