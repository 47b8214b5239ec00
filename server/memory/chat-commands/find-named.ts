import { inArray } from 'drizzle-orm';
import { memories } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { config } from '../../config';
import { summaryLevelOf } from '../merge/groups';
import { findSimilarMemories } from '../embeddings';
import { termCoverage } from '../memory-match';
import type { MemoryRow } from '../memory-types';

/**
 * The memories a chat request names ("forget my coffee preference", "lower the priority of the
 * gym plan"): by its words first — every memory tied for the best share of them — else the one
 * nearest in meaning. Below both bars nothing is returned, so nothing is changed by a guess.
 */
export async function findNamedMemories(tx: Tx, target: string, vector: number[], model: string, options: { includeMerged?: boolean } = {}): Promise<MemoryRow[]> {
  const statuses: MemoryRow['status'][] = ['active', 'candidate', 'conflicted', ...(options.includeMerged ? (['merged'] as const) : [])];
  const live = await tx.select().from(memories).where(inArray(memories.status, statuses));
  const scored = live
    .map((m) => ({ m, coverage: termCoverage(target, `${m.summary} ${m.entities.join(' ')} ${m.quote}`) }))
    .filter((x) => x.coverage >= config.chatCommands.minTargetCoverage)
    .sort((a, b) => b.coverage - a.coverage);
  const best = scored.filter((x) => x.coverage === scored[0]?.coverage).map((x) => x.m);
  // "Forget that I bought a rail pass" names one item of a consolidated summary, not the whole
  // summary: the item goes, and the summary is rebuilt without it.
  const specific = best.filter((m) => summaryLevelOf(m.kind) === 0);
  if (best.length > 0) return specific.length > 0 ? specific : best;
  const similar = await findSimilarMemories(tx, vector, model, {
    statuses: ['active'],
    limit: 1,
    minSimilarity: config.chatCommands.minTargetSimilarity,
  });
  return similar.map((s) => s.memory);
}
