/**
 * One HNSW (cosine) index per embedding model. The vector column has no fixed dimension, so each
 * index is a partial expression index over `embedding::vector(<dims>)` for one model id; queries
 * use the same expression and model filter (server/memory/embeddings.ts) to hit it. Creating an
 * index needs the table owner, so this runs on the owner connection at start-up.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './types';

export function embeddingIndexName(model: string, dimensions: number): string {
  const slug = createHash('sha256').update(`${model}:${dimensions}`).digest('hex').slice(0, 12);
  return `memory_embeddings_hnsw_${slug}`;
}

export async function ensureEmbeddingIndex(db: Database, model: string, dimensions: number): Promise<string> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new Error(`ensureEmbeddingIndex: invalid dimensions ${dimensions}`);
  }
  const name = embeddingIndexName(model, dimensions);
  // Identifiers and the model literal are escaped by Drizzle; dimensions is a checked integer.
  await db.execute(sql`
    create index if not exists ${sql.identifier(name)} on memory_embeddings
    using hnsw ((embedding::vector(${sql.raw(String(dimensions))})) vector_cosine_ops)
    where model = ${sql.raw(`'${model.replace(/'/g, "''")}'`)}`);
  return name;
}
