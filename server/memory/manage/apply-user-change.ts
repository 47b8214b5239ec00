import { and, eq, ne } from 'drizzle-orm';
import { memoryEmbeddings } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { AppError } from '../../errors';
import { embeddingText, type Embedder } from '../embedder';
import { storeEmbedding } from '../embeddings';
import { StaleMemoryError, type Actor, type MemoryRow } from '../memory-types';
import { updateMemory, type MemoryPatch } from '../repository';

export const STALE_MESSAGE = 'This memory changed in another tab; reload and try again.';

/**
 * A change the user made on the settings page: versioned and audited by updateMemory, with a
 * concurrent edit turned into a message the person can act on instead of a silent overwrite.
 */
export async function applyUserChange(tx: Tx, current: MemoryRow, patch: MemoryPatch, reason: string, action: string, actor: Actor = 'user'): Promise<MemoryRow> {
  try {
    return await updateMemory(tx, current, patch, { actor, reason }, action);
  } catch (error) {
    if (error instanceof StaleMemoryError) throw new AppError('conflict:memory', STALE_MESSAGE, { cause: error });
    throw error;
  }
}

/** The vector text changes with summary, type or entities (SPEC §4.5: `type | summary | entities`). */
export function embeddingChanged(before: MemoryRow, after: Pick<MemoryRow, 'type' | 'summary' | 'entities'>): boolean {
  return embeddingText(before) !== embeddingText(after);
}

/**
 * Embeds outside the transaction: a remote model can take seconds and must not hold the user's
 * memory lock. The optimistic version check at write time makes that safe.
 */
export async function embedOne(embedder: Embedder, memory: Pick<MemoryRow, 'type' | 'summary' | 'entities'>): Promise<number[]> {
  const [vector] = await embedder.embed([embeddingText(memory)]);
  if (!vector) throw new Error('embedder returned no vector');
  return vector;
}

/**
 * Stores the new vector and drops vectors of other models: they encode the old text, and a
 * stale vector would make recall find the memory by words it no longer says.
 */
export async function replaceEmbedding(tx: Tx, memory: MemoryRow, model: string, vector: number[]): Promise<void> {
  await tx.delete(memoryEmbeddings).where(and(eq(memoryEmbeddings.memoryId, memory.id), ne(memoryEmbeddings.model, model)));
  await storeEmbedding(tx, memory, model, vector);
}

/** Adds a vector for an unchanged text (confirm, restore, import). */
export async function storeVector(tx: Tx, memory: MemoryRow, model: string, vector: number[]): Promise<void> {
  await storeEmbedding(tx, memory, model, vector);
}

export async function hasEmbedding(tx: Tx, memoryId: string, model: string): Promise<boolean> {
  const rows = await tx
    .select({ id: memoryEmbeddings.memoryId })
    .from(memoryEmbeddings)
    .where(and(eq(memoryEmbeddings.memoryId, memoryId), eq(memoryEmbeddings.model, model)))
    .limit(1);
  return rows.length > 0;
}

export function toItem(row: MemoryRow) {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    summary: row.summary,
    entities: row.entities,
    importance: row.importance,
    confidence: row.confidence,
    origin: row.origin,
    validity: row.validity,
    validUntil: row.validUntil,
    sensitive: row.sensitive,
    status: row.status,
    statusReason: row.statusReason,
    pinned: row.pinned,
    version: row.version,
    quote: row.quote,
    sourceConversationId: row.sourceConversationId,
    sourceMessageId: row.sourceMessageId,
    occurredAt: row.occurredAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastAccessedAt: row.lastAccessedAt,
    accessCount: row.accessCount,
  };
}
