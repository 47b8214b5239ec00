/** The recall score (SPEC §5.3), as separate parts so the ledger can show why. */
import { config } from '../config';

export interface ScoreInput {
  similarity: number;
  importance: number;
  confidence: 'high' | 'low';
  accessCount: number;
  lastAccessedAt: Date | null;
  createdAt: Date;
}

export interface ScoreParts {
  similarity: number;
  importance: number;
  recency: number;
  frequency: number;
  confidenceFactor: number;
  score: number;
}

const DAY_MS = 86_400_000;

export function scoreMemory(input: ScoreInput, context: { now: Date; maxAccess: number }): ScoreParts {
  const w = config.recall.weights;
  const similarity = Math.max(0, Math.min(1, input.similarity));
  const importance = input.importance / 5;
  // Never used yet: recency counts from when it was learned.
  const idleDays = Math.max(0, (context.now.getTime() - (input.lastAccessedAt ?? input.createdAt).getTime()) / DAY_MS);
  const recency = Math.exp(-config.recall.recencyDecayPerDay * idleDays);
  const frequency = context.maxAccess > 0 ? Math.log(1 + input.accessCount) / Math.log(1 + context.maxAccess) : 0;
  const confidenceFactor = input.confidence === 'low' ? config.recall.lowConfidenceFactor : 1;
  const score = (w.similarity * similarity + w.importance * importance + w.recency * recency + w.frequency * frequency) * confidenceFactor;
  return { similarity, importance, recency, frequency, confidenceFactor, score };
}
