// Deterministic, download-free embeddings for the offline default (SPEC §4.5). Features are
// hashed into a fixed number of dimensions: stemmed word unigrams and bigrams plus character
// 3-grams for English, character unigrams and bigrams for Chinese. This is a lexical signal
// (see the SPEC appendix): it finds overlapping wording, not meaning; a configured neural
// embedding model is the route to semantic recall.

import type { EmbeddingModelV4, EmbeddingModelV4CallOptions, EmbeddingModelV4Result, SharedV4Warning } from '@ai-sdk/provider';

import { cjkBigrams, cjkContentChars, estimateTokens, isStopWord, latinWords, stem } from '../text/text-terms';

export const LOCAL_EMBEDDING_DIMENSIONS = 256;
export const LOCAL_EMBEDDING_PROVIDER = 'mindbase.local';

const WEIGHT_WORD = 1;
const WEIGHT_WORD_BIGRAM = 0.5;
const WEIGHT_CHAR_TRIGRAM = 0.25;
const WEIGHT_CJK_CHAR = 0.5;
const WEIGHT_CJK_BIGRAM = 1;
// Gives empty text a fixed unit vector: a zero vector has no cosine and turns into NaN in SQL.
const EMPTY_FEATURE = 'empty:';

function assertDimensions(dimensions: number): void {
  if (!Number.isInteger(dimensions) || dimensions < 8 || dimensions > 4096) {
    throw new Error(`Local embedding dimensions must be an integer between 8 and 4096; got ${dimensions}`);
  }
}

export function localEmbeddingModelId(dimensions: number = LOCAL_EMBEDDING_DIMENSIONS): string {
  return `local-hash-${dimensions}`;
}

// FNV-1a over UTF-16 code units, then a murmur3 finaliser so bucket and sign bits are well mixed.
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function* features(text: string): Generator<readonly [string, number]> {
  const words = latinWords(text).filter((word) => !isStopWord(word));
  const stems = words.map(stem);
  for (const [index, word] of words.entries()) {
    const stemmed = stems[index] ?? word;
    yield [`w:${stemmed}`, WEIGHT_WORD];
    const next = stems[index + 1];
    if (next !== undefined) yield [`b:${stemmed} ${next}`, WEIGHT_WORD_BIGRAM];
    if (/\d/.test(word)) continue;
    const padded = `<${word}>`;
    for (let i = 0; i + 3 <= padded.length; i += 1) yield [`c:${padded.slice(i, i + 3)}`, WEIGHT_CHAR_TRIGRAM];
  }
  for (const char of cjkContentChars(text)) yield [`h:${char}`, WEIGHT_CJK_CHAR];
  for (const gram of cjkBigrams(text)) yield [`hb:${gram}`, WEIGHT_CJK_BIGRAM];
}

/** L2-normalised hashed feature vector of `text`. */
export function embedText(text: string, dimensions: number = LOCAL_EMBEDDING_DIMENSIONS): number[] {
  assertDimensions(dimensions);
  const vector = new Array<number>(dimensions).fill(0);
  const add = (feature: string, weight: number): void => {
    const h = hash32(feature);
    // Signed hashing keeps collisions from adding up to spurious similarity.
    const sign = h & 0x80000000 ? -1 : 1;
    const bucket = h % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + sign * weight;
  };
  for (const [feature, weight] of features(text)) add(feature, weight);
  let norm = Math.hypot(...vector);
  if (norm === 0) {
    add(EMPTY_FEATURE, 1);
    norm = 1;
  }
  return vector.map((value) => value / norm);
}

export function embedTexts(texts: string[], dimensions: number = LOCAL_EMBEDDING_DIMENSIONS): number[][] {
  return texts.map((text) => embedText(text, dimensions));
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`Vector lengths differ (${a.length} vs ${b.length})`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

class LocalEmbeddingModel implements EmbeddingModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = LOCAL_EMBEDDING_PROVIDER;
  readonly modelId: string;
  readonly maxEmbeddingsPerCall = Number.POSITIVE_INFINITY;
  readonly supportsParallelCalls = true;

  constructor(readonly dimensions: number) {
    this.modelId = localEmbeddingModelId(dimensions);
  }

  doEmbed(options: EmbeddingModelV4CallOptions): Promise<EmbeddingModelV4Result> {
    return Promise.resolve().then(() => this.embed(options));
  }

  private embed(options: EmbeddingModelV4CallOptions): EmbeddingModelV4Result {
    const warnings: SharedV4Warning[] = [];
    if (options.dimensions !== undefined && options.dimensions !== this.dimensions) {
      warnings.push({
        type: 'unsupported',
        feature: 'dimensions',
        details: `${this.modelId} always returns ${this.dimensions} dimensions.`,
      });
    }
    return {
      embeddings: embedTexts(options.values, this.dimensions),
      usage: { tokens: options.values.reduce((sum, value) => sum + estimateTokens(value), 0) },
      warnings,
    };
  }
}

export function createLocalEmbedder(options: { dimensions?: number } = {}): EmbeddingModelV4 & { readonly dimensions: number } {
  const dimensions = options.dimensions ?? LOCAL_EMBEDDING_DIMENSIONS;
  assertDimensions(dimensions);
  return new LocalEmbeddingModel(dimensions);
}
