/**
 * The per-model HNSW index follows the build parameters in the config module: a change builds
 * the new index and drops the one built with the old parameters, and leaves other models' alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { embeddingIndexName, ensureEmbeddingIndex } from '@/db/embedding-index';
import { queryRows } from '@/db/rows';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

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
    const other = await ensureEmbeddingIndex(t.db, "other:model's", 8, { m: 16, efConstruction: 64 });
    const first = await ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 16, efConstruction: 64 });
    expect(await ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 16, efConstruction: 64 })).toBe(first);
    const second = await ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 48, efConstruction: 512 });
    expect(second).toBe(embeddingIndexName('local:test', 8, { m: 48, efConstruction: 512 }));
    const indexes = await hnswIndexes();
    expect(indexes.map((i) => i.name).sort()).toEqual([other, second].sort());
    expect(indexes.find((i) => i.name === second)?.options).toEqual(['m=48', 'ef_construction=512']);
    expect(indexes.find((i) => i.name === other)?.def).toContain("'other:model''s'");
  });

  it('refuses parameters pgvector would reject or that make no graph', async () => {
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 1, efConstruction: 64 })).rejects.toThrow(/invalid HNSW build parameters/);
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 8, { m: 48, efConstruction: 50 })).rejects.toThrow(/invalid HNSW build parameters/);
    await expect(ensureEmbeddingIndex(t.db, 'local:test', 0, { m: 16, efConstruction: 64 })).rejects.toThrow(/invalid dimensions/);
  });
});
