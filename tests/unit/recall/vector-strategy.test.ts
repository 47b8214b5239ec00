import { describe, expect, it } from 'vitest';
import type { Tx } from '@/db/types';
import { config } from '@/server/config';
import { createVectorScanCache, scanFor } from '@/server/recall/vector-strategy';

const tx = {} as Tx;

function cacheWith(counts: Record<string, number>, maxUsers = 100) {
  let clock = 0;
  const asked: string[] = [];
  let current = '';
  const cache = createVectorScanCache({
    ttlMs: 60_000,
    maxUsers,
    now: () => clock,
    count: (_tx, model) => {
      asked.push(`${current}/${model}`);
      return Promise.resolve(counts[current] ?? 0);
    },
  });
  return {
    choose: (user: string, model = 'm') => {
      current = user;
      return cache.choose(tx, user, model);
    },
    asked,
    advance: (ms: number) => (clock += ms),
  };
}

describe('exact vs HNSW choice', () => {
  it('scans exactly up to the configured number of vectors and uses HNSW above it', () => {
    expect(scanFor(0)).toBe('exact');
    expect(scanFor(config.recall.exactScanMaxVectors)).toBe('exact');
    expect(scanFor(config.recall.exactScanMaxVectors + 1)).toBe('hnsw');
  });

  it('counts a user once per TTL and per model, and never answers one user with another\'s count', async () => {
    const c = cacheWith({ big: config.recall.exactScanMaxVectors + 5, small: 40 });
    expect(await c.choose('big')).toBe('hnsw');
    expect(await c.choose('small')).toBe('exact');
    expect(await c.choose('big')).toBe('hnsw');
    expect(await c.choose('big', 'other-model')).toBe('hnsw');
    expect(c.asked).toEqual(['big/m', 'small/m', 'big/other-model']);
    c.advance(60_000);
    await c.choose('big');
    expect(c.asked.at(-1)).toBe('big/m');
    expect(c.asked).toHaveLength(4);
  });

  it('keeps at most maxUsers entries, dropping the longest-unrefreshed', async () => {
    const c = cacheWith({ a: 1, b: 1, d: 1 }, 2);
    await c.choose('a');
    await c.choose('b');
    await c.choose('d'); // evicts a
    await c.choose('b');
    expect(c.asked).toEqual(['a/m', 'b/m', 'd/m']);
    await c.choose('a');
    expect(c.asked.at(-1)).toBe('a/m');
  });
});
