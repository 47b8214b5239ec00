/**
 * The per-model HNSW index follows the build parameters in the config module: a change builds
 * the new index and drops the one built with the old parameters, and leaves other models' alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { embeddingIndexName, ensureEmbeddingIndex } from '@/db/embedding-index';
import { queryRows } from '@/db/rows';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

const TENANT = { tenantBuckets: 32, tenantWeight: 1 };

describe('ensureEmbeddingIndex', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  const hnswIndexes = () =>
    queryRows<{ name: string; options: string[] | null; def: string }>(
      t.db,
      sql`select c.relname as name, c.reloptions as options, pg_get_indexdef(c.oid) as def from pg_class c
          join pg_index i on i.indexrelid = c.oid where i.indrelid = 'memory_embeddings'::regclass and c.relname like 'memory_embeddings_hnsw%' order by c.relname`,
    );

  it('builds with the given parameters, rebuilds once when they change, and leaves other models alone', async () => {
    const other = await ensureEmbeddingIndex(t.db, "other:model's", 8, { m: 16, efConstruction: 64, ...TENANT });
    const first = await ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 16, efConstruction: 64, ...TENANT });
    expect(await ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 16, efConstruction: 64, ...TENANT })).toBe(first);
    const second = await ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 48, efConstruction: 512, ...TENANT });
    expect(second).toBe(embeddingIndexName('local:test', 8, { m: 48, efConstruction: 512, ...TENANT }));
    const indexes = await hnswIndexes();
    expect(indexes.map((i) => i.name).sort()).toEqual([other, second].sort());
    expect(indexes.find((i) => i.name === second)?.options).toEqual(['m=48', 'ef_construction=512']);
    expect(indexes.find((i) => i.name === other)?.def).toContain("'other:model''s'");
    expect(indexes.find((i) => i.name === second)?.def).toMatch(/memory_tenant_dims\(user_id, 32, \(?1\b/);
    // Other tenant dimensions are another index: built once, the old one dropped.
    const third = await ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 48, efConstruction: 512, tenantBuckets: 64, tenantWeight: 2 });
    expect((await hnswIndexes()).map((i) => i.name).sort()).toEqual([other, third].sort());
  });

  it("gives each owner one of the buckets, the same one every time, scaled by the weight", async () => {
    const rows = await queryRows<{ dims: number[] }>(t.db, sql`select memory_tenant_dims(u, 32, 1.5) as dims from (values ('a'), ('b'), ('a')) as v(u)`);
    for (const { dims } of rows) {
      expect(dims).toHaveLength(32);
      expect(dims.filter((d) => d !== 0)).toEqual([1.5]);
    }
    expect(rows[2]!.dims).toEqual(rows[0]!.dims);
    const buckets = await queryRows<{ n: number }>(t.db, sql`select count(distinct array_position(memory_tenant_dims('user-' || g, 32, 1), 1))::int as n from generate_series(1, 200) g`);
    expect(buckets[0]!.n).toBeGreaterThan(28);
  });

  it('refuses parameters pgvector would reject or that make no graph', async () => {
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 1, efConstruction: 64, ...TENANT })).rejects.toThrow(/invalid HNSW build parameters/);
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 48, efConstruction: 50, ...TENANT })).rejects.toThrow(/invalid HNSW build parameters/);
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 0, { m: 16, efConstruction: 64, ...TENANT })).rejects.toThrow(/invalid dimensions/);
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 16, efConstruction: 64, tenantBuckets: 0, tenantWeight: 1 })).rejects.toThrow(/invalid tenant dimensions/);
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 16, efConstruction: 64, tenantBuckets: 32, tenantWeight: Number.NaN })).rejects.toThrow(/invalid tenant dimensions/);
  });
});
