/**
 * One HNSW (cosine) index per embedding model. The vector column has no fixed dimension, so each
 * index is a partial expression index for one model id over `indexedVector`: the unit vector with
 * the owner's tenant dimensions appended (migration 0018); queries order by the same expression
 * (server/recall/gather-candidates.ts) to hit it. Creating an index needs the table owner, so this
 * runs on the owner connection at start-up.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from './rows';
import type { Database } from './types';

export interface HnswBuild {
  /** Graph degree and build-time candidate list (pgvector's m / ef_construction). */
  m: number;
  efConstruction: number;
  /**
   * Tenant dimensions: users are hashed into this many buckets, and each vector gets a one-hot of
   * its owner's bucket times tenantWeight appended, so one user's rows are each other's nearest.
   */
  tenantBuckets: number;
  tenantWeight: number;
}

export function embeddingIndexName(model: string, dimensions: number, build: HnswBuild): string {
  const slug = createHash('sha256').update(`${model}:${dimensions}:${build.m}:${build.efConstruction}:tenant-${build.tenantBuckets}-${build.tenantWeight}`).digest('hex').slice(0, 12);
  return `memory_embeddings_hnsw_${slug}`;
}

/**
 * What the index is built on and HNSW queries order by: `vector` (of `dimensions`) made unit
 * length, with `owner`'s tenant dimensions appended. Within one owner the cosine order is the
 * plain one's. The query must produce the same expression tree as the index, so both come from here.
 */
export function indexedVector(vector: SQL, owner: SQL, dimensions: number, build: Pick<HnswBuild, 'tenantBuckets' | 'tenantWeight'>): SQL {
  const dims = sql.raw(String(dimensions));
  const tenant = sql`memory_tenant_dims(${owner}, ${sql.raw(String(build.tenantBuckets))}, ${sql.raw(String(build.tenantWeight))})`;
  return sql`((l2_normalize(${vector}::vector(${dims})) || ${tenant}::vector)::vector(${sql.raw(String(dimensions + build.tenantBuckets))}))`;
}

function checkBuild(dimensions: number, build: HnswBuild): void {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new Error(`ensureEmbeddingIndex: invalid dimensions ${dimensions}`);
  }
  if (!Number.isInteger(build.m) || build.m < 2 || build.m > 100 || !Number.isInteger(build.efConstruction) || build.efConstruction < 2 * build.m || build.efConstruction > 1000) {
    throw new Error(`ensureEmbeddingIndex: invalid HNSW build parameters m=${build.m} ef_construction=${build.efConstruction}`);
  }
  if (!Number.isInteger(build.tenantBuckets) || build.tenantBuckets < 1 || build.tenantBuckets > 1024 || !(build.tenantWeight > 0 && build.tenantWeight <= 10)) {
    throw new Error(`ensureEmbeddingIndex: invalid tenant dimensions buckets=${build.tenantBuckets} weight=${build.tenantWeight}`);
  }
}

/**
 * Creates the model's index with these build parameters unless it exists, then drops the
 * model's indexes built with other parameters (or by an older version of this function), so
 * changing the parameters in the config module rebuilds the index once, at the next start.
 */
export async function ensureEmbeddingIndex(db: Database, model: string, dimensions: number, build: HnswBuild): Promise<string> {
  checkBuild(dimensions, build);
  const name = embeddingIndexName(model, dimensions, build);
  const modelLiteral = `'${model.replace(/'/g, "''")}'`;
  // Identifiers and the model literal are escaped; dimensions and parameters are checked numbers.
  await db.execute(sql`
    create index if not exists ${sql.identifier(name)} on memory_embeddings
    using hnsw (${indexedVector(sql.raw('embedding'), sql.raw('user_id'), dimensions, build)} vector_cosine_ops)
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
