/**
 * Memory vectors: stored per (memory, model), searched with the per-model HNSW expression index
 * (db/embedding-index.ts). A query only ever compares vectors of one model (SPEC §4.5).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { memories, memoryEmbeddings } from '../../db/schema';
import type { Tx } from '../../db/types';
import type { MemoryRow } from './memory-types';

const vectorLiteral = (v: number[]) => `[${v.join(',')}]`;

export async function storeEmbedding(tx: Tx, memory: Pick<MemoryRow, 'id' | 'userId'>, model: string, vector: number[]): Promise<void> {
  await tx
    .insert(memoryEmbeddings)
    .values({ memoryId: memory.id, userId: memory.userId, model, dimensions: vector.length, embedding: vector })
    .onConflictDoUpdate({
      target: [memoryEmbeddings.memoryId, memoryEmbeddings.model],
      set: { embedding: vector, dimensions: vector.length, createdAt: new Date() },
    });
}

export interface SimilarMemory {
  memory: MemoryRow;
  similarity: number;
}

/**
 * The current user's memories most similar to `vector` (cosine), among `statuses`. Runs under
 * withUser, so row-level security already limits it to the user's rows.
 */
export async function findSimilarMemories(
  tx: Tx,
  vector: number[],
  model: string,
  options: { statuses: MemoryRow['status'][]; types?: MemoryRow['type'][]; limit: number; minSimilarity?: number },
): Promise<SimilarMemory[]> {
  const dims = sql.raw(String(vector.length));
  const query = sql`${vectorLiteral(vector)}::vector(${dims})`;
  const distance = sql<number>`(${memoryEmbeddings.embedding}::vector(${dims}) <=> ${query})`;
  const filters: SQL[] = [eq(memoryEmbeddings.model, model), eq(memoryEmbeddings.dimensions, vector.length), inArray(memories.status, options.statuses)];
  if (options.types) filters.push(inArray(memories.type, options.types));
  const rows = await tx
    .select({ memory: memories, distance })
    .from(memoryEmbeddings)
    .innerJoin(memories, and(eq(memories.id, memoryEmbeddings.memoryId), eq(memories.userId, memoryEmbeddings.userId)))
    .where(and(...filters))
    .orderBy(distance)
    .limit(options.limit);
  return rows
    .map((r) => ({ memory: r.memory, similarity: 1 - Number(r.distance) }))
    .filter((r) => options.minSimilarity === undefined || r.similarity >= options.minSimilarity);
}

/** Ids of the user's active memories that have no vector for `model` yet (re-embed backlog). */
export async function memoriesMissingEmbedding(tx: Tx, model: string, limit: number): Promise<MemoryRow[]> {
  const ids = await queryRows<{ id: string }>(
    tx,
    sql`select m.id from memories m
        where m.status = 'active'
          and not exists (select 1 from memory_embeddings e where e.memory_id = m.id and e.model = ${model})
        order by m.created_at limit ${limit}`,
  );
  if (ids.length === 0) return [];
  return tx.select().from(memories).where(inArray(memories.id, ids.map((r) => r.id)));
}
