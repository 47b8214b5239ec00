/**
 * The user's people, by name and by relation (issue 12/13). Questions name people one way and
 * memories the other: "what does aoife do for work" when the memory says "Sister is a large animal
 * vet", "what should I get my wife" when it says "Ana hates lilies". The user's own "Sister is
 * Aoife" / "女朋友叫小雅" memories (the name slots, server/memory/slots.ts) link the two, so a
 * question naming one also searches for the other, at the concept map's lower weight.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { relationSaid, slotOf, type SlotInput } from '../memory/slots';

export interface Person {
  /** The relation word as the user said it ("sister", "wife", "女朋友"). */
  relation: string;
  /** The name, lower-cased. */
  name: string;
}

/** The active "Sister is Aoife" memories of the user, as people (a range of the (user_id, slot) index: ';' follows ':'). */
export async function namedPeople(tx: Tx): Promise<Person[]> {
  const rows = await tx
    .select({ type: memories.type, kind: memories.kind, summary: memories.summary, entities: memories.entities, slot: memories.slot })
    .from(memories)
    .where(and(eq(memories.status, 'active'), gte(memories.slot, 'name:'), lt(memories.slot, 'name;')))
    .limit(config.recall.peopleMax);
  return rows.flatMap((row) => {
    const person = personOf(row);
    return person ? [person] : [];
  });
}

/** The person a "Sister is Aoife" / "女朋友叫小雅" memory names, if it names one. */
export function personOf(memory: SlotInput): Person | null {
  const slot = slotOf(memory);
  if (!slot?.attribute.startsWith('name:') || slot.value.length < 2) return null;
  // The relation as said: a Chinese slot keeps it; an English one files "Wife is Ana" as partner.
  const said = /^[\p{Script=Han}]/u.test(memory.summary) ? slot.attribute.slice('name:'.length) : relationSaid(memory.summary);
  return said ? { relation: said, name: slot.value.toLowerCase() } : null;
}

const mentions = (text: string, word: string) =>
  /\p{Script=Han}/u.test(word) ? text.includes(word) : new RegExp(`(?<![\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|['’]s)?(?![\\p{L}])`, 'iu').test(text);

/** Words to search for besides the question's own: the relation of a person it names, the name of a relation it names. */
export function peopleWords(message: string, people: readonly Person[]): string {
  const words = new Set<string>();
  for (const person of people) {
    if (mentions(message, person.name)) words.add(person.relation);
    else if (mentions(message, person.relation)) words.add(person.name);
  }
  return [...words].join(' ');
}
