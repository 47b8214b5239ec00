/**
 * One HNSW (cosine) index per embedding model. The vector column has no fixed dimension, so each
 * index is a partial expression index over `embedding::vector(<dims>)` for one model id; queries
 * use the same expression and model filter (server/memory/embeddings.ts) to hit it. Creating an
 * index needs the table owner, so this runs on the owner connection at start-up.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from './rows';
import type { Database } from './types';

export interface HnswBuild {
  /** Graph degree and build-time candidate list (pgvector's m / ef_construction). */
  m: number;
  efConstruction: number;
}

export function embeddingIndexName(model: string, dimensions: number, build: HnswBuild): string {
  const slug = createHash('sha256').update(`${model}:${dimensions}:${build.m}:${build.efConstruction}`).digest('hex').slice(0, 12);
  return `memory_embeddings_hnsw_${slug}`;
}

/**
 * Creates the model's index with these build parameters unless it exists, then drops the
 * model's indexes built with other parameters (or by an older version of this function), so
 * changing the parameters in the config module rebuilds the index once, at the next start.
 */
export async function ensureEmbeddingIndex(db: Database, model: string, dimensions: number, build: HnswBuild): Promise<string> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new Error(`ensureEmbeddingIndex: invalid dimensions ${dimensions}`);
  }
  if (!Number.isInteger(build.m) || build.m < 2 || build.m > 100 || !Number.isInteger(build.efConstruction) || build.efConstruction < 2 * build.m || build.efConstruction > 1000) {
    throw new Error(`ensureEmbeddingIndex: invalid HNSW build parameters m=${build.m} ef_construction=${build.efConstruction}`);
  }
  const name = embeddingIndexName(model, dimensions, build);
  const modelLiteral = `'${model.replace(/'/g, "''")}'`;
  // Identifiers and the model literal are escaped; dimensions and parameters are checked integers.
  await db.execute(sql`
    create index if not exists ${sql.identifier(name)} on memory_embeddings
    using hnsw ((embedding::vector(${sql.raw(String(dimensions))})) vector_cosine_ops)
    with (m = ${sql.raw(String(build.m))}, ef_construction = ${sql.raw(String(build.efConstruction))})
    where model = ${sql.raw(modelLiteral)}`);
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'memory_embeddings'`,
  );
  const stale = indexes.filter(
    (i) =>
      i.indexname.startsWith('memory_embeddings_hnsw_') &&
      i.indexname !== name &&
      i.indexdef.includes(`vector(${dimensions})`) &&
      i.indexdef.includes(`WHERE (model = ${modelLiteral}::text)`),
  );
  for (const { indexname } of stale) await db.execute(sql`drop index if exists ${sql.identifier(indexname)}`);
  return name;
}
