import type { UserDb } from '../../../db/boundary';
import { config } from '../../config';
import type { Embedder } from '../embedder';
import { editMemory } from '../manage/edit-memory';
import { findNamedMemories } from './find-named';

export type ReprioritizeResult =
  | { kind: 'reprioritized'; changes: { summary: string; from: number; to: number }[] }
  | { kind: 'nothing_to_change'; target: string };

const MIN_IMPORTANCE = 1;
const MAX_IMPORTANCE = 5;

function nextImportance(current: number, direction: 'lower' | 'raise', level: number | null): number {
  if (level !== null) return level;
  const step = direction === 'lower' ? -1 : 1;
  return Math.min(MAX_IMPORTANCE, Math.max(MIN_IMPORTANCE, current + step));
}

/**
 * "Lower the priority of my coffee preference": one step down (or up, or to the level named) for
 * the memory the request names, through the settings page's own edit, so the change is a new
 * version by "you" with the request quoted as its reason.
 */
export async function reprioritizeFromChat(
  db: UserDb,
  request: { target: string; direction: 'lower' | 'raise'; level: number | null; quote: string },
  embedder: Embedder,
): Promise<ReprioritizeResult> {
  const [vector] = await embedder.embed([request.target]);
  const targets = await db.run((tx) => findNamedMemories(tx, request.target, vector!, embedder.modelId));
  if (targets.length === 0) return { kind: 'nothing_to_change', target: request.target };
  const changes: { summary: string; from: number; to: number }[] = [];
  for (const memory of targets.slice(0, config.chatCommands.maxTargets)) {
    const to = nextImportance(memory.importance, request.direction, request.level);
    if (to !== memory.importance) {
      await editMemory(db, { id: memory.id, version: memory.version, importance: to }, embedder, `Changed in chat: "${request.quote}"`);
    }
    changes.push({ summary: memory.summary, from: memory.importance, to });
  }
  return { kind: 'reprioritized', changes };
}
