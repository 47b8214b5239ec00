import { inArray } from 'drizzle-orm';
import { memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { config } from '../../config';
import { findSimilarMemories } from '../embeddings';
import { termCoverage } from '../memory-match';
import type { MemoryRow } from '../memory-types';

/**
 * The memories a chat request names ("forget my coffee preference", "lower the priority of the
 * gym plan"): by its words first — every memory tied for the best share of them — else the one
 * nearest in meaning. Below both bars nothing is returned, so nothing is changed by a guess.
 */
export async function findNamedMemories(tx: Tx, target: string, vector: number[], model: string): Promise<MemoryRow[]> {
  const live = await tx.select().from(memories).where(inArray(memories.status, ['active', 'candidate', 'conflicted']));
  const scored = live
    .map((m) => ({ m, coverage: termCoverage(target, `${m.summary} ${m.entities.join(' ')} ${m.quote}`) }))
    .filter((x) => x.coverage >= config.chatCommands.minTargetCoverage)
    .sort((a, b) => b.coverage - a.coverage);
  if (scored[0]) return scored.filter((x) => x.coverage === scored[0]!.coverage).map((x) => x.m);
  const similar = await findSimilarMemories(tx, vector, model, {
    statuses: ['active'],
    limit: 1,
    minSimilarity: config.chatCommands.minTargetSimilarity,
  });
  return similar.map((s) => s.memory);
}
