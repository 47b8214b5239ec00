/**
 * The note the chat model reads about what the fast channel just did ("[Memory update] …"), so
 * its reply confirms exactly that. The offline model has no other way to know, so the notes are
 * also parsed back here (parseFastChannelNote): format and parser live together.
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

/** What a note says happened, read back from a system prompt (for the offline model). */
export type ParsedNote =
  | { kind: 'not_stored'; reason: string }
  | { kind: 'nothing_to_forget'; target: string }
  | { kind: 'listed'; items: string[]; total: number; awaitingReview: number }
  | { kind: 'reprioritized'; changes: { summary: string; from: number; to: number }[] }
  | { kind: 'nothing_to_change'; target: string }
  | { kind: 'corrected'; before: string; after: string }
  | { kind: 'already_known'; summary: string }
  | { kind: 'held'; reason: string }
  | { kind: 'other' };

const NOTE_BLOCK = /\[Memory update\] ([\s\S]*?)(?=\n\n|$)/;

export function parseFastChannelNote(system: string): ParsedNote | null {
  const note = NOTE_BLOCK.exec(system)?.[1];
  if (note === undefined) return null;
  let m: RegExpExecArray | null;
  if ((m = /^Nothing was saved because (.+?)\. Tell the user/.exec(note))) return { kind: 'not_stored', reason: m[1]! };
  if ((m = /^The user asked to forget "(.+)", but no stored memory matches it/.exec(note))) return { kind: 'nothing_to_forget', target: m[1]! };
  if ((m = /^The user asked to change the priority of "(.+)", but no stored memory/.exec(note))) return { kind: 'nothing_to_change', target: m[1]! };
  if ((m = /^Corrected in long-term memory just now: "(.+)" now reads "(.+)"\. Confirm/.exec(note))) return { kind: 'corrected', before: m[1]!, after: m[2]! };
  if ((m = /^Long-term memory already says "(.+)", so nothing/.exec(note))) return { kind: 'already_known', summary: m[1]! };
  if ((m = /^Held for the user's review, not used until they confirm it on the Memory page: .+ \(([^()]+)\)\./.exec(note))) return { kind: 'held', reason: m[1]! };
  if (note.startsWith('Priority changed')) {
    const changes = [...note.matchAll(/"([^"]+)" importance (\d) → (\d)/g)].map((c) => ({ summary: c[1]!, from: Number(c[2]), to: Number(c[3]) }));
    return { kind: 'reprioritized', changes };
  }
  if (note.startsWith('The user asked what you remember about them.')) {
    const total = Number(/holds (\d+) active memories/.exec(note)?.[1] ?? 0);
    const awaitingReview = Number(/^(\d+) more wait for/m.exec(note)?.[1] ?? 0);
    const items = [...note.matchAll(/^- (.+)$/gm)].map((line) => line[1]!);
    return { kind: 'listed', items, total, awaitingReview };
  }
  return { kind: 'other' };
}
