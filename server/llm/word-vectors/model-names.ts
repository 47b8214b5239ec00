// Model ids and the `local:<name>` spec names that select them. The hybrid's weight is part of
// its id because it changes every vector (SPEC §4.5: query and stored vectors share one model).

import { LOCAL_EMBEDDING_DIMENSIONS } from '../local-embedder';
import { DEFAULT_HYBRID_WEIGHT, WORD_VECTOR_DIMENSIONS } from './config';

export const WORD_VECTOR_MODEL_ID = `local-wv-${WORD_VECTOR_DIMENSIONS}`;
export const HYBRID_DIMENSIONS = LOCAL_EMBEDDING_DIMENSIONS + WORD_VECTOR_DIMENSIONS;

export type WordVectorModelName =
  | { kind: 'word-vectors'; model: string; dimensions: number }
  | { kind: 'hybrid'; model: string; dimensions: number; weight: number };

/** Weights are whole percentages so that the id names the vectors exactly. */
export function assertHybridWeight(weight: number): void {
  if (!(weight > 0 && weight < 1) || Math.abs(weight * 100 - Math.round(weight * 100)) > 1e-9) {
    throw new Error(`Hybrid word-vector weight must be a whole percentage between 0.01 and 0.99; got ${weight}`);
  }
}

/** e.g. "hybrid-356-w50": 356 dimensions, word vectors weigh 50% of the cosine. */
export function hybridModelName(weight: number = DEFAULT_HYBRID_WEIGHT): string {
  assertHybridWeight(weight);
  return `hybrid-${HYBRID_DIMENSIONS}-w${Math.round(weight * 100)}`;
}

export function hybridModelId(weight: number = DEFAULT_HYBRID_WEIGHT): string {
  return `local-${hybridModelName(weight)}`;
}

const HYBRID_PATTERN = new RegExp(`^hybrid-${HYBRID_DIMENSIONS}(?:-w(\\d{1,2}))?$`);

/**
 * Reads the model part of a `local:` spec: "wv-100", "hybrid-356" (default weight) or
 * "hybrid-356-w30". Returns the canonical name to record with stored vectors, or undefined.
 */
export function parseWordVectorModelName(name: string): WordVectorModelName | undefined {
  if (name === `wv-${WORD_VECTOR_DIMENSIONS}`) return { kind: 'word-vectors', model: name, dimensions: WORD_VECTOR_DIMENSIONS };
  const match = HYBRID_PATTERN.exec(name);
  if (!match) return undefined;
  const weight = match[1] === undefined ? DEFAULT_HYBRID_WEIGHT : Number(match[1]) / 100;
  if (weight <= 0) return undefined;
  return { kind: 'hybrid', model: hybridModelName(weight), dimensions: HYBRID_DIMENSIONS, weight };
}
