/**
 * The recall score (SPEC §5.3), as separate parts so the ledger can show why. Relevance comes
 * first: BM25 (as a share of a perfect match's) fused with the vector cosine, by a weight chosen per
 * embedder; a memory from the time the question names counts more; importance, recency and use
 * are priors that break near-ties; low confidence discounts the whole score.
 */
import { config } from '../config';

export interface ScoreInput {
  /** BM25 relative to a memory holding every term of the question (capped at 1). */
  lexical: number;
  similarity: number;
  /** Whether the memory falls in the time the question names; null when it names none. */
  inTimeWindow: boolean | null;
  importance: number;
  confidence: 'high' | 'low';
  accessCount: number;
  lastAccessedAt: Date | null;
  createdAt: Date;
}

export interface ScoreParts {
  lexical: number;
  similarity: number;
  relevance: number;
  importance: number;
  recency: number;
  frequency: number;
  confidenceFactor: number;
  score: number;
}

export interface ScoreContext {
  now: Date;
  maxAccess: number;
  /** The embedder's share of relevance (vectorWeightFor). */
  vectorWeight: number;
}

const DAY_MS = 86_400_000;

/** How much the vector cosine counts in relevance for vectors of `modelId` (config.recall.fusion). */
export function vectorWeightFor(modelId: string): number {
  const { vectorWeight, neuralVectorWeight } = config.recall.fusion;
  return perEmbedder(vectorWeight, modelId, neuralVectorWeight);
}

/** A per-embedder setting: by name, else the lowest of the local ones for another local embedder, else the neural one. */
function perEmbedder(byModel: Record<string, number>, modelId: string, neural: number): number {
  return byModel[modelId] ?? (modelId.startsWith('local:') ? Math.min(...Object.values(byModel)) : neural);
}

/** The cosine a vector-only candidate needs: the SPEC cut, and the lower floor a few may fill places from. */
export interface VectorCut {
  minCosine: number;
  floor: number;
  weakMax: number;
}

/** config.recall.weakVector for `modelId`: local embedders by name (or the lowest local floor), neural ones the SPEC cut. */
export function vectorCutFor(modelId: string | null): VectorCut {
  const { minCosine, weakVector } = config.recall;
  const floor = modelId === null ? minCosine : perEmbedder(weakVector.floor, modelId, minCosine);
  return { minCosine, floor, weakMax: floor < minCosine ? weakVector.maxItems : 0 };
}

export function scoreMemory(input: ScoreInput, context: ScoreContext): ScoreParts {
  const w = config.recall.weights;
  const lexical = Math.max(0, Math.min(1, input.lexical));
  const similarity = Math.max(0, Math.min(1, input.similarity));
  const fused = (1 - context.vectorWeight) * lexical + context.vectorWeight * similarity;
  // A question that names a time ("on 3 October", "last weekend") makes being from then part of
  // relevance, words or not; rescaled so relevance stays within 0–1.
  const weight = config.recall.timeWindowWeight;
  const relevance = input.inTimeWindow === null ? fused : (fused + weight * (input.inTimeWindow ? 1 : 0)) / (1 + weight);
  const importance = input.importance / 5;
  // Never used yet: recency counts from when it was learned.
  const idleDays = Math.max(0, (context.now.getTime() - (input.lastAccessedAt ?? input.createdAt).getTime()) / DAY_MS);
  const recency = Math.exp(-config.recall.recencyDecayPerDay * idleDays);
  const frequency = context.maxAccess > 0 ? Math.log(1 + input.accessCount) / Math.log(1 + context.maxAccess) : 0;
  const confidenceFactor = input.confidence === 'low' ? config.recall.lowConfidenceFactor : 1;
  const score = (w.relevance * relevance + w.importance * importance + w.recency * recency + w.frequency * frequency) * confidenceFactor;
  return { lexical, similarity, relevance, importance, recency, frequency, confidenceFactor, score };
}
