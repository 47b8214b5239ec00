/**
 * "actually my son's name is luca, my phone keeps autocorrecting it": a name corrected by the user
 * is the same person spelled right, so memories that spelled it wrong ("Little guy lucas starts
 * kindergarten in the fall") are rewritten with the right spelling — a new version each, with the
 * correction as its reason — instead of keeping two sons apart. Only with a correction cue, only a
 * near spelling (one edit after the same first two letters; two for long names sharing the first three), and never a word that is
 * another of the user's people's names ("Sister is Lucy" stays when the son is Luca).
 */
import { and, eq, ne } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { updateMemory } from './repository';
import { slotOf, type Slot } from './slots';
import type { Actor, MemoryRow } from './memory-types';

const RESPELLING = /\b(?:actually|correction|i meant|autocorrect\w*|typo|spel(?:led|t|ls|ling)|misspel\w*)\b|其实|更正|打错|说错|写错/i;
const MIN_NAME = 4;
const WORD = /[\p{L}][\p{L}'’-]*/gu;

// "lucas's" is "lucas" with a possessive.
const bare = (word: string) => word.replace(/['’]s$/i, '');

/** Whether `word` is `name` misspelled: close, not equal, sharing its first letters. */
function misspells(word: string, name: string): boolean {
  const a = word.toLowerCase();
  const b = name.toLowerCase();
  if (a === b || a.length < MIN_NAME || a.slice(0, 2) !== b.slice(0, 2)) return false;
  // One letter in or out ("Kevin" for Kelvin) may come early; more than one needs the first three.
  const d = distance(a, b);
  return (d === 1 && Math.abs(a.length - b.length) === 1) || (a.slice(0, 3) === b.slice(0, 3) && d <= (b.length >= 7 ? 2 : 1));
}

/** Rewrites near spellings of the name `created` gives (its `slot`) in the user's other memories. */
export async function respellName(tx: Tx, created: MemoryRow, slot: Slot, said: string, actor: Actor): Promise<MemoryRow[]> {
  const name = slot.value;
  if (name.length < MIN_NAME || !/^\p{L}+$/u.test(name) || !RESPELLING.test(said)) return [];
  const others = await tx.select().from(memories).where(and(eq(memories.status, 'active'), ne(memories.id, created.id)));
  // Names of the user's other people: a near spelling of one of them is that person, not a typo.
  const taken = new Set(
    others.flatMap((m) => {
      const s = slotOf(m);
      return s?.attribute.startsWith('name:') && s.attribute !== slot.attribute ? [s.value.toLowerCase()] : [];
    }),
  );
  const changed: MemoryRow[] = [];
  for (const memory of others) {
    if (memory.type === 'procedural') continue;
    const wrong = new Set((memory.summary.match(WORD) ?? []).map(bare).filter((w) => misspells(w, name) && !taken.has(w.toLowerCase())));
    if (wrong.size === 0) continue;
    let summary = memory.summary;
    for (const w of wrong) summary = summary.replaceAll(w, name);
    const lower = new Set([...wrong].map((w) => w.toLowerCase()));
    const entities = memory.entities.map((e) => (lower.has(e.toLowerCase()) ? name : e));
    const reason = `Name spelled "${name}" by the user: "${said}"`;
    changed.push(await updateMemory(tx, memory, { summary, entities }, { actor, reason }, 'memory.updated'));
  }
  return changed;
}
