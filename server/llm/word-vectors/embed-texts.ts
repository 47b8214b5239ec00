// Plain embedding functions over the loaded vectors. English only: the vocabulary is English.

import { embedText as embedHashed } from '../local-embedder';
import type { WordVectorCacheOptions } from './cache-location';
import { DEFAULT_HYBRID_WEIGHT, WORD_VECTOR_DIMENSIONS } from './config';
import { assertHybridWeight } from './model-names';
import { sentenceVector } from './sentence-vector';
import { loadWordVectors } from './vector-cache';
import type { WordVectorTable } from './word-vector-table';

export type HybridOptions = WordVectorCacheOptions & {
  /** Share of the word-vector cosine in the combined cosine, a whole percentage in (0, 1). */
  weight?: number;
};

/**
 * Text with no known English content word (Chinese, code, "ok thanks") falls back to the hashed
 * n-gram embedding at the same 100 dimensions rather than a zero vector, which has no cosine
 * (NaN in pgvector). Chinese texts keep their lexical matches among themselves; against English
 * word-vector embeddings the cosine is noise around 0 (measured on the zh/en extraction
 * fixtures: mean 0.00, sd 0.10, 2 of 2,800 pairs above the 0.40 cut-off). Text with no content
 * word at all gets the hashed embedder's one fixed "empty" vector, as with local-hash-256.
 */
export function wordVectorEmbedding(table: WordVectorTable, text: string): number[] {
  return sentenceVector(table, text) ?? embedHashed(text, WORD_VECTOR_DIMENSIONS);
}

/**
 * Hashed 256 ⊕ word vectors 100. Both parts are unit vectors, so scaling them by √(1−w) and √w
 * keeps the result unit-length and makes its cosine exactly (1−w)·cos_hashed + w·cos_words.
 * Without known English words the word part is zero (the hashed part already holds the lexical
 * signal) and the hashed part alone is the unit vector.
 */
export function hybridEmbedding(table: WordVectorTable, text: string, weight: number): number[] {
  const hashed = embedHashed(text);
  const words = sentenceVector(table, text);
  if (words === undefined) return [...hashed, ...new Array<number>(WORD_VECTOR_DIMENSIONS).fill(0)];
  const hashedScale = Math.sqrt(1 - weight);
  const wordScale = Math.sqrt(weight);
  return [...hashed.map((value) => value * hashedScale), ...words.map((value) => value * wordScale)];
}

/** SIF word-vector embeddings (100 dimensions, unit length); loads or builds the cache on first use. */
export async function embedWordVectors(texts: string[], options: WordVectorCacheOptions = {}): Promise<number[][]> {
  const table = await loadWordVectors(options);
  return texts.map((text) => wordVectorEmbedding(table, text));
}

/** Hashed n-gram ⊕ word-vector embeddings (356 dimensions, unit length). */
export async function embedHybrid(texts: string[], options: HybridOptions = {}): Promise<number[][]> {
  const weight = options.weight ?? DEFAULT_HYBRID_WEIGHT;
  assertHybridWeight(weight);
  const table = await loadWordVectors(options);
  return texts.map((text) => hybridEmbedding(table, text, weight));
}
