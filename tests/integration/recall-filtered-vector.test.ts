/**
 * pgvector's HNSW filters by user *after* the index scan: with many users, a small user's
 * nearest memories could vanish. This plants a user with 50 memories among 100,000 memories of
 * 100 other users and checks their best match is found — by the strategy recall uses (exact scan
 * for small users) and by HNSW with iterative scans on its own. The index uses cheaper build
 * parameters than production (m=8) and 32 dimensions so the test builds it in ~30 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/rows';
import type { Tx } from '@/db/types';
import { vectorCandidates } from '@/server/recall/gather-candidates';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

const DIMS = 32;
const MODEL = 'test:random-32';
const OTHERS = 100_000;

class Rollback extends Error {}

function randomUnit(seed: number): number[] {
  let x = seed;
  const v = Array.from({ length: DIMS }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31 - 0.5;
  });
  const norm = Math.hypot(...v);
  return v.map((c) => c / norm);
}

describe('filtered vector search does not starve a small user', () => {
  let t: TestDatabase;
  let small: { id: string };
  const target = randomUnit(424242);

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    await t.db.execute(sql`insert into users (id, email) select 'other-' || g, 'other-' || g || '@x.test' from generate_series(1, 100) g`);
    await t.db.execute(sql.raw(`insert into memories (user_id, type, kind, summary, quote, status)
      select 'other-' || (1 + g % 100), 'semantic', 'fact', 'filler ' || g, 'q', 'active' from generate_series(1, ${OTHERS}) g`));
    // Other users' vectors cluster around the target, so a global nearest-neighbour scan is
    // dominated by them: the adversarial case for post-filtering.
    await t.db.execute(sql.raw(`insert into memory_embeddings (memory_id, user_id, model, dimensions, embedding)
      select m.id, m.user_id, '${MODEL}', ${DIMS},
        (select array_agg(t.c + (random() - 0.5) * 0.2) from unnest('${`{${target.join(',')}}`}'::float8[]) as t(c) where m.id is not null)::vector
      from memories m`));
    small = await seedUser(t.db, 'small');
    for (let i = 0; i < 50; i += 1) {
      const [row] = await queryRows<{ id: string }>(
        t.db,
        sql`insert into memories (user_id, type, kind, summary, quote, status) values (${small.id}, 'semantic', 'fact', ${`mine ${i}`}, 'q', 'active') returning id`,
      );
      const vector = i === 7 ? target.map((c, j) => c + (j === 0 ? 0.05 : 0)) : randomUnit(1000 + i);
      await t.db.execute(
        sql`insert into memory_embeddings (memory_id, user_id, model, dimensions, embedding) values (${row!.id}, ${small.id}, ${MODEL}, ${DIMS}, ${`[${vector.join(',')}]`})`,
      );
    }
    await t.db.execute(
      sql.raw(`create index memory_embeddings_test_hnsw on memory_embeddings using hnsw ((embedding::vector(${DIMS})) vector_cosine_ops) with (m = 8, ef_construction = 32) where model = '${MODEL}'`),
    );
    await t.db.execute(sql`analyze memory_embeddings`);
  }, 300_000);
  afterAll(async () => t?.close());

  /**
   * Runs fn as the small user with the per-user btree index dropped and sorts/scans disabled
   * (inside a transaction that is rolled back), so the planner has only HNSW and must filter by
   * user after the index scan: the worst case pgvector's iterative scans exist for.
   */
  async function onlyHnsw<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let result: T | undefined;
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index memory_embeddings_user_model_idx`);
        // Leave the planner no way to produce the order but walking the HNSW index.
        await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`);
        await tx.execute(sql`select set_config('role', 'mindbase_app', true), set_config('app.user_id', ${small.id}, true)`);
        result = await fn(tx);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return result as T;
  }

  const ownersOf = (found: { id: string }[]) =>
    queryRows<{ user_id: string }>(t.db, sql`select distinct user_id from memories where id in (${sql.join(found.map((f) => sql`${f.id}::uuid`), sql`, `)})`);

  it('HNSW alone post-filters: it stays within the user but can return fewer than the top 20', async () => {
    const found = await onlyHnsw((tx) => vectorCandidates(tx, target, MODEL, ['semantic'], new Date(), 'hnsw'));
    // Measured here: 1 of 20 even with iterative scans (hnsw.max_scan_tuples caps the walk).
    // This is why recall scans a user's own rows exactly below config.recall.exactScanMaxVectors.
    expect(found.length).toBeLessThanOrEqual(20);
    expect(await ownersOf(found)).toEqual([{ user_id: small.id }]);
  });

  it.each(['auto', 'exact'] as const)('strategy %s returns the small user\'s 20 best, the best match first, and only their rows', async (strategy) => {
    const found = await t.withUser(small.id, (tx) => vectorCandidates(tx, target, MODEL, ['semantic'], new Date(), strategy));
    expect(found.length).toBe(20);
    const [best] = await queryRows<{ summary: string }>(t.db, sql`select summary from memories where id = ${found[0]!.id}`);
    expect(best?.summary).toBe('mine 7');
    expect(await ownersOf(found)).toEqual([{ user_id: small.id }]);
  });

  it('with only HNSW available the query really scans the HNSW index (so post-filtering is exercised)', async () => {
    const plan = await onlyHnsw(async (tx) => {
      await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain select memory_id from memory_embeddings where model = '${MODEL}'
          order by embedding::vector(${DIMS}) <=> '[${target.join(',')}]'::vector(${DIMS}) limit 20`),
      );
    });
    expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toContain('memory_embeddings_test_hnsw');
  });
});
