import { embedMany, type EmbeddingModel } from 'ai';
import { config } from '../config';
import { countHealth } from '../model-calls/health';

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

/**
 * Wraps an AI SDK embedding model; vectors are L2-normalised (SPEC §4.5). A network embedder gets
 * its own timeout and few retries (config.llm), so a hung one fails in seconds, not minutes:
 * recall then uses its lexical routes, background jobs retry later.
 */
export function createEmbedder(model: EmbeddingModel, modelId: string): Embedder {
  const local = modelId.startsWith('local:');
  return {
    modelId,
    async embed(texts) {
      if (texts.length === 0) return [];
      try {
        const { embeddings } = await embedMany({
          model,
          values: texts,
          maxRetries: local ? 0 : config.llm.embeddingRetries,
          ...(local ? {} : { abortSignal: AbortSignal.timeout(config.llm.embeddingTimeoutMs) }),
        });
        return embeddings.map(normalise);
      } catch (error) {
        countHealth('embedding_failures');
        throw error;
      }
    },
  };
}

/** SPEC §4.5: the text embedded for a memory is `type | summary | entities`. */
export function embeddingText(memory: { type: string; summary: string; entities: string[] }): string {
  return `${memory.type} | ${memory.summary} | ${memory.entities.join(', ')}`;
}
