/**
 * Which nearest-neighbour scan a user's recall uses: exact over their own vectors up to
 * config.recall.exactScanMaxVectors, HNSW above. Counting a user's vectors cost ~9 ms per recall
 * at 10,000 of them (npm run bench:recall -- --profile), more than half the exact scan itself,
 * and the answer only moves the user across the threshold after thousands of new memories. So
 * each process remembers the count for a while. It holds one number per user and decides only
 * how to search, never what is found: a stale count at worst picks the slower or the
 * approximate scan for a while (config.recall.vectorCountTtlMs).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import type { Tx } from '../../db/types';
import { config } from '../config';

export type VectorScan = 'exact' | 'hnsw';

/** The user's vectors of one model (row-level security limits the count to the user). */
export async function countVectors(tx: Tx, model: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from memory_embeddings where model = ${model}`);
  return row?.n ?? 0;
}

export const scanFor = (vectors: number): VectorScan => (vectors <= config.recall.exactScanMaxVectors ? 'exact' : 'hnsw');

export interface VectorScanCache {
  /** The scan for this user and model; counts inside `tx` (the user's transaction) when unknown or stale. */
  choose(tx: Tx, userId: string, model: string): Promise<VectorScan>;
}

export function createVectorScanCache(options: {
  ttlMs: number;
  maxUsers: number;
  now?: () => number;
  count?: (tx: Tx, model: string) => Promise<number>;
}): VectorScanCache {
  const now = options.now ?? Date.now;
  const count = options.count ?? countVectors;
  const known = new Map<string, { vectors: number; at: number }>();
  return {
    async choose(tx, userId, model) {
      const key = `${userId}\u0000${model}`;
      const hit = known.get(key);
      if (hit && now() - hit.at < options.ttlMs) return scanFor(hit.vectors);
      const vectors = await count(tx, model);
      known.delete(key);
      // Map iteration is insertion order, so the first key is the longest-unrefreshed user.
      if (known.size >= options.maxUsers) known.delete(known.keys().next().value!);
      known.set(key, { vectors, at: now() });
      return scanFor(vectors);
    },
  };
}

/** The process's cache, used by recall. */
export const vectorScans = createVectorScanCache({ ttlMs: config.recall.vectorCountTtlMs, maxUsers: config.recall.vectorCountCacheUsers });
