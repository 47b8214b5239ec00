import { embedMany, type EmbeddingModel } from 'ai';

/** What the memory module needs from an embedding model: an id to tag vectors with, and vectors. */
export interface Embedder {
  /** Canonical `provider:model`; stored next to every vector so spaces are never mixed. */
  modelId: string;
  embed(texts: string[]): Promise<number[][]>;
}

function normalise(vector: number[]): number[] {
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((v) => v / norm) : vector;
}

/** Wraps an AI SDK embedding model; vectors are L2-normalised (SPEC §4.5). */
export function createEmbedder(model: EmbeddingModel, modelId: string): Embedder {
  return {
    modelId,
    async embed(texts) {
      if (texts.length === 0) return [];
      const { embeddings } = await embedMany({ model, values: texts, maxRetries: 2 });
      return embeddings.map(normalise);
    },
  };
}

/** SPEC §4.5: the text embedded for a memory is `type | summary | entities`. */
export function embeddingText(memory: { type: string; summary: string; entities: string[] }): string {
  return `${memory.type} | ${memory.summary} | ${memory.entities.join(', ')}`;
}
