/**
 * Every number that shapes Mindbase's behaviour, in one place, with the SPEC section it comes
 * from (../shared/SPEC.md). Change a number here to change it everywhere.
 */
export const config = {
  auth: {
    passwordMinLength: 8,
    passwordMaxLength: 256,
    emailMaxLength: 320,
    nameMaxLength: 100,
  },
  chat: {
    /** Model steps in one reply when it may call memory tools: find, change, then answer. */
    maxToolSteps: 4,
    /** Issue 14: the chat route reads at most this many bytes of body (a 16,000-character message is ≤ 64 KB as UTF-8 JSON). */
    maxBodyBytes: 96 * 1024,
    /** Issue 3: a single message may not exceed this many characters. */
    maxMessageChars: 16_000,
    conversationsPageSize: 30,
    maxConversationsPageSize: 100,
    titleMaxChars: 120,
    /** Per-user rate limit on the chat route. */
    rateLimit: { windowMs: 60_000, maxRequests: 20 },
    /** Working memory: recent messages that fit this many tokens, plus a rolling summary. */
    workingMemoryTokens: 3_000,
    summaryMaxTokens: 400,
    /**
     * Issue 19: the rolling summary is extended once this many messages have slid out of the
     * window, not on every turn once a conversation is long (one summary call per 3 turns).
     */
    summaryBatchMessages: 6,
    /** The whole reply; past it the turn fails as a timeout (no reply stored, Retry offered). */
    providerTimeoutMs: 60_000,
    /** No first token, or no new token, for this long: the provider is treated as stalled. */
    providerStallMs: 30_000,
    /** A title that takes longer keeps the opening words; the reply never waits for it. */
    titleTimeoutMs: 8_000,
  },
  /** Calls to language and embedding models (issue 19). */
  llm: {
    /** An explicit output cap per call kind, so no provider default decides the cost. */
    maxOutputTokens: { chat: 2_048, extraction: 2_000, title: 24, consolidation: 300 },
    /** One embedding request; recall falls back to its lexical routes past it. */
    embeddingTimeoutMs: 10_000,
    embeddingRetries: 1,
  },
  rawLog: {
    /** SPEC §1: retention after a conversation was distilled; null = forever. */
    retentionDaysDefault: 30 as number | null,
    retentionDayOptions: [7, 30, 90, null] as const,
  },
  memory: {
    summaryMaxWords: 50, // SPEC §4.2
    fastChannelMinImportance: 4, // SPEC §4.1
    candidateTimeoutDays: 30, // SPEC §3
    dedupCosine: 0.9, // SPEC §4.4
  },
  /** Memory management by natural language in chat (SPEC §7). */
  chatCommands: {
    /** "What do you remember about me?" lists at most this many memories in the reply. */
    listLimit: 30,
    /** A request names a memory when it covers this share of the request's content words… */
    minTargetCoverage: 0.5,
    /** …or, failing that, when the memory is this similar in meaning (cosine). */
    minTargetSimilarity: 0.55,
    /** A correction replaces a memory of the same topic at least this similar. */
    correctionMinSimilarity: 0.5,
    /** At most this many memories change for one request that names several. */
    maxTargets: 3,
  },
  recall: {
    coreMax: 5, // SPEC §5.1
    coreMinImportance: 4,
    vectorTopK: 20, // SPEC §5.2
    minCosine: 0.4,
    /**
     * Up to this many vectors a user's nearest neighbours are found by an exact scan of their own
     * rows; above it by HNSW with pgvector 0.8 iterative scans. HNSW filters by user after the
     * index scan, so a small user among large ones could otherwise get too few results. Measured
     * (npm run bench:recall, 10,000 memories per user): the exact scan costs ~12 ms p95 and is
     * exact; HNSW at the overlap we want (ef_search 800) costs ~31-35 ms p95 (README).
     */
    exactScanMaxVectors: 20_000,
    /**
     * HNSW build and search parameters (pgvector defaults: m 16, ef_construction 64, ef_search
     * 40). Measured on bench:recall's 10 × 10,000 memories, top-10 overlap with the exact scan
     * (README): defaults 0.64 at ef_search 100 and 0.85 at 400; m 48 / ef_construction 512 with
     * ef_search 800: 0.952 and 0.962 on two builds (ef_search 1,000 no better on the first). A
     * denser graph is what moves it; it costs a longer build and ~2x per-insert time. Changing m
     * or efConstruction rebuilds the index at the next start.
     */
    hnsw: { m: 48, efConstruction: 512 },
    hnswEfSearch: 800,
    /**
     * The exact scan first ranks the user's vectors alone (no join), keeps this many nearest, and
     * applies the status/type/expiry filter to those; only when fewer than vectorTopK survive
     * does it scan again with the filter joined in. Same answer, ~half the time (README).
     */
    exactPrefilterPool: 200,
    /** Lexical route: the best BM25 matches, ranked and then filtered (why-not included). */
    fulltextPool: 60,
    /**
     * BM25 over the memory_terms postings (issue 13). k1 and b measured on LoCoMo (every turn
     * stored, README): b 0.75 → 0.503, 0.25 → 0.522 (chat turns vary in length but a longer one
     * is not less about its topic); k1 0.9–1.5 within 0.003. A memory's context (the message its
     * source replied to, the rest of its own message) counts at contextWeight: on LoCoMo 0 → 0.35
     * +0.05 every turn stored, and 0.35 → 0.7 +0.009 through the extractor (0.7–1.0 flat).
     */
    bm25: { k1: 1.2, b: 0.25, contextWeight: 0.7 },
    /** Query terms from the last turns (SPEC §5.2) and from the concept map count this much. */
    recentTurnWeight: 0.5,
    conceptWeight: 0.4,
    /**
     * Relevance = (1 − w)·lexical + w·cosine, w by embedder (issue 13): the local word vectors
     * are a weak signal for short texts, a neural embedder a strong one. Measured for the local
     * ones (README); `neural` applies to every provider embedder (not measurable offline here).
     */
    fusion: {
      vectorWeight: { 'local:wv-100': 0.3, 'local:hash-256': 0.3, 'local:hybrid-356': 0.3 } as Record<string, number>,
      neuralVectorWeight: 0.6,
    },
    /**
     * A memory from the time the question names ("in March", "last weekend", "on 3 July") gets this
     * much relevance for being from then, beside its words and meaning (score.ts; measured: README);
     * a day widens to the week before it.
     */
    timeWindowWeight: 0.5,
    dayWindowBeforeDays: 7,
    /** How long a process trusts a user's vector count when choosing exact vs HNSW. */
    vectorCountTtlMs: 15 * 60_000,
    vectorCountCacheUsers: 10_000,
    structuredPickDays: 30,
    /** Plans and events that happen between now and this many days ahead are always candidates. */
    upcomingPlanDays: 30,
    /**
     * SPEC §5.3's shape, re-weighted by measurement (README): relevance dominates; importance,
     * recency and use break near-ties. LoCoMo (every turn stored): relevance 0.5 (SPEC's default
     * split) 0.564 at 0.75, 0.576 at 0.85, 0.579 at 0.9, 0.583 at 0.95; the shipped sets are the
     * same from 0.6 to 0.9. 0.9 keeps the priors able to break a tie.
     */
    weights: { relevance: 0.9, importance: 0.04, recency: 0.04, frequency: 0.02 },
    recencyDecayPerDay: 0.05,
    lowConfidenceFactor: 0.7,
    maxItems: 8, // SPEC §5.4
    /** At most this many injected memories from one source message (measured: README). */
    maxPerSource: 2,
    maxTokens: 1_200,
  },
  jobs: {
    /** Outbox: re-send events not acknowledged after this long, at most this many times. */
    outboxSweepAfterMs: 60_000,
    outboxMaxAttempts: 8,
    outboxSweepBatch: 100,
    /** In-process mode: how often the sweeper runs. */
    sweepIntervalMs: 60_000,
    reembedBatch: 100,
    /** Embedded database: first VACUUM (ANALYZE) this long after start-up, then daily (db/maintenance.ts). */
    maintenanceFirstRunMs: 60_000,
    /** Inngest: debounce extraction per conversation (SPEC §4.1), retries per function. */
    extractionDebounce: '10s',
    extractionRetries: 4,
  },
  lifecycle: {
    // SPEC §6
    archiveIdleDays: { 1: 60, 2: 90 } as Record<number, number>,
    neverDecayImportance: 5,
    feedbackMinUses: 3,
    /** Feedback rule: demoted when "not relevant" exceeds this share of its uses (SPEC §6). */
    feedbackFailShare: 0.5,
    /** Users per job step: a crash resumes at the next batch; each step's work stays small. */
    userBatchSize: 50,
    /** Changes per transaction inside one user's job, so a concurrent chat never waits long. */
    writeChunk: 25,
    /** Pause before each of a job's transactions (0: yield once to the event loop; pacing.ts). */
    chunkPauseMs: 0,
    /** Jobs on the embedded database while people use it (server/lifecycle/pacing.ts). */
    pacing: {
      /** Share of the single backend a job may hold while someone was active recently. */
      foregroundDuty: 0.05,
      /** "Recently": foreground work within this many ms. */
      foregroundActiveMs: 2_000,
      /** A rest is never longer than this, so a job always progresses. */
      foregroundMaxRestMs: 1_000,
    },
    /** At most this many individual changes are listed in a job's report (counts are exact). */
    reportMaxChanges: 500,
    /** Daily crons, UTC (issue 7): decay first, retention after it. */
    decayCron: 'TZ=UTC 0 3 * * *',
    retentionCron: 'TZ=UTC 30 3 * * *',
    /** Weekly consolidation (SPEC §6, §4.4). */
    consolidation: {
      /** Only episodic items that happened (or were stored) within this many days are grouped. */
      windowDays: 30,
      /** A group smaller than this is left alone: two mentions are not yet a pattern. */
      minGroupSize: 3,
      /** Summaries of summaries stop here (SPEC §6: at most two summary levels). */
      maxLevel: 2,
      /** A conflicted statement needs this many distinct sources to beat its rival (repetition). */
      conflictMinSources: 2,
      /** Entities on a summary (the union of its sources'), capped like an extracted item's. */
      summaryMaxEntities: 12,
      /** Weekly, off-peak: Sunday 04:00 UTC, after the daily decay (03:00) and retention (03:30). */
      cron: 'TZ=UTC 0 4 * * 0',
    },
  },
} as const;

export type Config = typeof config;
