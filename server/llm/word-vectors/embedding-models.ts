// AI SDK EmbeddingModelV4 wrappers, shaped like local-embedder.ts so the registry can hand
// either to embed()/embedMany(). The vectors load on the first doEmbed, not at construction,
// so creating the registry stays instant; call loadWordVectors() at startup to warm up.

import type { EmbeddingModelV4, EmbeddingModelV4CallOptions, EmbeddingModelV4Result, SharedV4Warning } from '@ai-sdk/provider';

import { LOCAL_EMBEDDING_PROVIDER } from '../local-embedder';
import { estimateTokens } from '../../text/text-terms';
import type { WordVectorCacheOptions } from './cache-location';
import { DEFAULT_HYBRID_WEIGHT, WORD_VECTOR_DIMENSIONS } from './config';
import { embedHybrid, embedWordVectors, type HybridOptions } from './embed-texts';
import { assertHybridWeight, HYBRID_DIMENSIONS, hybridModelId, WORD_VECTOR_MODEL_ID } from './model-names';

export type LocalVectorModel = EmbeddingModelV4 & { readonly dimensions: number };

class LocalWordVectorModel implements LocalVectorModel {
  readonly specificationVersion = 'v4';
  readonly provider = LOCAL_EMBEDDING_PROVIDER;
  readonly maxEmbeddingsPerCall = Number.POSITIVE_INFINITY;
  readonly supportsParallelCalls = true;

  constructor(
    readonly modelId: string,
    readonly dimensions: number,
    private readonly embedValues: (values: string[]) => Promise<number[][]>,
  ) {}

  async doEmbed(options: EmbeddingModelV4CallOptions): Promise<EmbeddingModelV4Result> {
    options.abortSignal?.throwIfAborted();
    const embeddings = await this.embedValues(options.values);
    const warnings: SharedV4Warning[] = [];
    if (options.dimensions !== undefined && options.dimensions !== this.dimensions) {
      warnings.push({ type: 'unsupported', feature: 'dimensions', details: `${this.modelId} always returns ${this.dimensions} dimensions.` });
    }
    return { embeddings, usage: { tokens: options.values.reduce((sum, value) => sum + estimateTokens(value), 0) }, warnings };
  }
}

/** `local-wv-100`: SIF-averaged word vectors. */
export function createWordVectorEmbedder(options: WordVectorCacheOptions = {}): LocalVectorModel {
  return new LocalWordVectorModel(WORD_VECTOR_MODEL_ID, WORD_VECTOR_DIMENSIONS, (values) => embedWordVectors(values, options));
}

/** `local-hybrid-356-w<percent>`: hashed n-grams and word vectors, concatenated. */
export function createHybridEmbedder(options: HybridOptions = {}): LocalVectorModel {
  const weight = options.weight ?? DEFAULT_HYBRID_WEIGHT;
  assertHybridWeight(weight);
  return new LocalWordVectorModel(hybridModelId(weight), HYBRID_DIMENSIONS, (values) => embedHybrid(values, { ...options, weight }));
}
