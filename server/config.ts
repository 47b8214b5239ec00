/**
 * Every number that shapes Mindbase's behaviour, in one place, with the SPEC section it comes
 * from (../shared/SPEC.md). Change a number here to change it everywhere.
 */
export const config = {
  auth: {
    passwordMinLength: 8,
    passwordMaxLength: 256,
    /**
     * Issue 14, item 8: a new password needs at least this zxcvbn score (0–4). 3 is zxcvbn's
     * "safely unguessable" (about 10^8 guesses or more): with argon2id and the sign-in limits
     * below, an online attack gets nowhere near that, and an offline one on a stolen hash is slow.
     */
    passwordMinScore: 3,
    emailMaxLength: 320,
    nameMaxLength: 100,
    /**
     * Issue 14, item 6: a session lasts this long from sign-in (the cookie and its server-side
     * row, server/auth/session-registry.ts); each sign-in deletes up to purgeBatch expired rows.
     */
    session: { maxAgeSeconds: 30 * 24 * 60 * 60, purgeBatch: 100, lastSeenEverySeconds: 5 * 60 },
    /**
     * Issue 18: how long a mailed link works. A reset link is short-lived (it signs the holder in
     * to the account in effect); verification links may wait for someone to open their inbox.
     */
    accountTokens: { passwordResetMinutes: 30, verifyEmailMinutes: 24 * 60, changeEmailMinutes: 24 * 60 },
    /** Issue 14, item 5: sign-in and sign-up limits, kept in Postgres (server/ratelimit/). */
    throttle: {
      /**
       * Reverse proxies in front of the app that append to X-Forwarded-For: the client address is
       * the entry this many places from the right (server/auth/client-address.ts).
       */
      proxyHops: 1,
      /** A browser that signed in to an account is "known" to it this long (known-device cookie). */
      knownDeviceDays: 180,
      signIn: {
        /**
         * Consecutive failed sign-ins for one e-mail, from browsers not known to the account;
         * reset by a success. The 11th attempt within the hour is refused for 15 minutes, even
         * with the right password; attempts during the block do not extend it.
         */
        account: { points: 10, durationSeconds: 60 * 60, blockSeconds: 15 * 60 },
        /** Failed sign-ins from one address across all accounts (password spraying). */
        address: { points: 50, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
        /**
         * Consecutive failures from one known browser for its own account. It replaces the two
         * limits above for that browser, so strangers' failures never lock its owner out.
         */
        device: { points: 10, durationSeconds: 60 * 60, blockSeconds: 15 * 60 },
      },
      /**
       * Issue 18: "Forgot password?" requests, like sign-in: per e-mail (each one mails the
       * account) and per address (one client probing many e-mails). Counted whether or not the
       * e-mail has an account, so the limit itself says nothing about which ones exist.
       */
      passwordReset: {
        account: { points: 3, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
        address: { points: 20, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
      },
      /**
       * Issue 18: sensitive changes a signed-in user makes, per user: mails they ask for (resend
       * verification, a new address) and current-password checks (change password or e-mail), so
       * a stolen session cannot guess the password at leisure.
       */
      accountChanges: { points: 10, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
      signUp: {
        /** Sign-up attempts that pass validation, per e-mail (each says whether the e-mail is taken). */
        account: { points: 5, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
        /** …and per address (mass account creation; each new password costs an argon2id hash). */
        address: { points: 50, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
      },
    },
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
    /** Per-user limit on chat turns: 20 a minute (a fixed window, kept in Postgres with the sign-in limits). */
    rateLimit: { points: 20, durationSeconds: 60, blockSeconds: 0 },
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
    /**
     * Issue 15: memory notices under a reply. While a turn's background extraction is pending the
     * chat asks again every pollMs, at most maxPolls times (a stalled job must not poll forever);
     * only the newest recentMessages of a conversation are read for them.
     */
    notices: { pollMs: 1_500, maxPolls: 60, recentMessages: 200 },
  },
  /** Calls to language and embedding models (issue 19). */
  llm: {
    /** The offline model streams word-sized chunks this far apart, so it visibly streams (OFFLINE_MODEL_CHUNK_DELAY_MS overrides). */
    offlineChunkDelayMs: 15,
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
    /**
     * …and at least this share of one summary's terms in the other: the local word vectors put
     * short Chinese texts with no words in common above the cosine (session 8, README).
     */
    dedupMinTermCoverage: 0.6,
    /**
     * …and what is said now must be this much in the memory already: "Gf Tasha is vegetarian" (two
     * of its three words in "Gf is Tasha") says something new (session 21, holdout 4).
     */
    dedupSaidCoverage: 0.75,
    /** A correction looks at this many nearest memories for what it replaces (a habit may read nothing like it). */
    correctionPool: 50,
    /** Earlier messages the extraction reads for context (who "he" is, what "it" was). */
    extractionContextMessages: 6,
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
    /** A vector-only candidate at least this similar competes like any other (SPEC §5.2). */
    minCosine: 0.4,
    /**
     * Under minCosine, a vector-only candidate may still fill a few places when the embedder's
     * cosines run low: the local word vectors give "what do I do for a living?" and "Has been an
     * hvac tech 20 yrs" 0.07, "did I hurt myself?" and "Twisted their ankle at netball" 0.25.
     * At most `maxItems` such memories per answer, none under the embedder's floor. Measured on
     * the shipped sets (README, session 22): floor 0.10 and 2 places raised the held-out sets
     * (10, 11, 15) from 200 to 211 of 331 passes; with no cap, violations rose by 18 on the
     * tuning sets. A neural embedder keeps the SPEC cut (floor = minCosine: not measurable here).
     */
    weakVector: {
      floor: { 'local:wv-100': 0.1, 'local:hash-256': 0.1, 'local:hybrid-356': 0.1 } as Record<string, number>,
      maxItems: 2,
    },
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
     * denser graph is what moves it; it costs a longer build and ~2x per-insert time. Yet one
     * build in three stayed at 0.885–0.94 whatever the query setting: the walk ended among other
     * users' rows, which row-level security then filtered out. Tenant dimensions (migration 0018:
     * users hashed into 32 buckets, a one-hot of weight 1 appended to each unit vector) keep one
     * user's rows nearest each other: 1.000 on that build and 0.992 on another (session 27,
     * README). Weight 1.5 separated the buckets so far that a small cluster could become
     * unreachable (0.985, one question with none of its top 10). Changing any of these rebuilds
     * the index at the next start.
     */
    hnsw: { m: 48, efConstruction: 512, tenantBuckets: 32, tenantWeight: 1 },
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
    /** How many of the user's "Sister is Aoife" memories recall reads to link names and relations (server/recall/people.ts). */
    peopleMax: 50,
    /**
     * The slot route (server/recall/query-concepts.ts): at most this many of the user's memories
     * in the attributes a question asks for ("where do I work?" → job, title, employer), newest
     * first, each counted as this share of a perfect lexical match whatever its words.
     */
    slotMax: 6,
    slotLexical: 0.6,
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
     * The same, when the question asks about plans ("我最近有什么安排", "what's coming up"): a trip
     * two months out is an answer to it, though it is too far off to volunteer unasked.
     */
    askedPlanDays: 120,
    /** …and a birthday or anniversary whose day comes round within this many days (anniversary.ts). */
    anniversaryDays: 45,
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
    maxPerSource: 3,
    maxTokens: 1_200,
  },
  jobs: {
    /** Outbox: re-send events not acknowledged after this long, at most this many times. */
    outboxSweepAfterMs: 60_000,
    /** Past this many failed sends an event is dead-lettered: out of the sweep, counted in /api/health. */
    outboxMaxAttempts: 8,
    outboxSweepBatch: 100,
    /**
     * Issue 14, item 9: a turn's event is written with the user's message, before the reply
     * streams; the sweeper leaves it this long (longer than a reply can take: two model calls of
     * config.chat.providerTimeoutMs) so only a turn whose process died is re-sent by it.
     */
    outboxTurnGraceMs: 150_000,
    /** Sent events are deleted by the daily retention job once this old, this many per transaction. */
    outboxSentRetentionDays: 7,
    outboxPurgeChunk: 500,
    /** The outbox sweeper's schedule (a cron job on Inngest and in-process alike). */
    sweepCron: '* * * * *',
    reembedBatch: 100,
    /**
     * Embedded database: first VACUUM (ANALYZE) this long after start-up, then on this schedule
     * (db/maintenance.ts; in-process only, it needs the app's own PGlite).
     */
    maintenanceFirstRunMs: 60_000,
    maintenanceCron: 'TZ=UTC 30 4 * * *',
    /**
     * Extraction runs once per burst of turns (SPEC §4.1): `period` after a conversation's last
     * turn, with that turn's event, and never later than `timeout` after the first. 2 s, not 10:
     * the chat's "Noted" notices wait for this run, and at 10 s they came after the e2e's 10 s wait
     * (and a user's patience) once the in-process provider honoured the debounce (session 12); a
     * second message sent while a reply streams still joins the first's run.
     */
    extractionDebounce: '2s',
    extractionDebounceTimeout: '2m',
    extractionRetries: 4,
    /**
     * In-process provider: a failed step waits firstMs before its first retry, twice as long
     * before each next one, never more than maxMs. (Inngest waits by its own schedule; the
     * number of retries is the job's, the same on both.)
     */
    retryBackoff: { firstMs: 10_000, maxMs: 10 * 60_000 },
  },
  /**
   * Import, "delete all" and account deletion (issue 14, item 1) run as background jobs in short
   * transactions (server/bulk/). On the embedded database every transaction queues behind the
   * one running (one backend), so the sizes below bound how long anyone else waits; measured
   * with npm run bench:import (README, Performance).
   */
  bulk: {
    import: {
      /** The cap (README): the file is read whole into the request, validated, then staged. */
      maxFileChars: 5 * 1024 * 1024,
      maxMemories: 20_000,
      /** Items validated between two yields to the event loop (zod is synchronous). */
      validateChunk: 500,
      /** Items staged per transaction by the request (plain JSON rows, no triggers). */
      stageChunk: 250,
      /**
       * Memories written per transaction, each with postings, version, audit entry and vector.
       * An asker's question can queue behind one transaction, so its length bounds their extra
       * wait: 5 → 2 took others' recall p95 from 2.21× to 1.30× idle (transactions p95 19.7 ms;
       * throughput 42 → 33 items/s; npm run bench:import, README).
       */
      writeChunk: 2,
      /** Items embedded per call, ahead of the transactions that write them (one request to a network embedder). */
      embedBatch: 100,
      /** Items per job step (Inngest memoises steps: at most 1,000 per run). */
      stepItems: 500,
      /** Skipped items listed in the report (counts stay exact). */
      maxListedSkips: 100,
      /**
       * On Postgres (several instances), an import whose request stopped staging its items this
       * long ago is failed by the next start-up's resume (server/bulk/run-import.ts).
       */
      stagingStaleMs: 2 * 60_000,
    },
    /**
     * Issue 15: "Import from another assistant" — the list ChatGPT, Claude or Gemini print when
     * asked what they remember (server/memory/manage/assistant-import/). The longest such lists
     * seen run to a few hundred lines and ~15,000 characters; the cap is twice that. A longer
     * text is a 400 before it is read (the rules read it synchronously, ~0.3 ms a line, yielding
     * every `yieldEveryLines`), and a text that reads as more than `maxItems` memories is refused.
     */
    assistantImport: { maxChars: 30_000, maxItems: 500, yieldEveryLines: 50 },
    erasure: {
      /**
       * Memories deleted per transaction (each cascades to postings, vector, versions, sources).
       * 25 → 10: others' p95 during "delete all" 3.07× → 1.07× idle, account deletion 2.93× →
       * 1.24× (transactions p95 16–17 ms), at the same throughput (~190 items/s).
       */
      memoryChunk: 10,
      /** Rows of other tables (audit entries, messages, staged items, outbox) per transaction. */
      rowChunk: 200,
      /** Transactions per job step. */
      stepTransactions: 40,
    },
    /**
     * Disk erasure after a sweep (db/maintenance.ts eraseOnDisk): on the embedded database it
     * rewrites the touched tables, which holds the one backend for seconds, so it waits until
     * nobody has used the app for `idleMs`, and runs anyway after `maxWaitMs`.
     */
    disk: { idleMs: 5_000, maxWaitMs: 15 * 60_000, pollMs: 250 },
    /** Like config.lifecycle.pacing: the jobs' share of the embedded database while people use it. */
    pacing: { foregroundDuty: 0.25, foregroundActiveMs: 2_000, foregroundMaxRestMs: 1_000 },
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
  /**
   * Issue 14, item 7: bounds every API input is checked against before it reaches Postgres
   * (server/input/bounds.ts), so odd values are a 400 naming the field, not a 500.
   */
  input: {
    /** Dates (filters, "valid until", "as of", imported dates) fall in these years, UTC. */
    minYear: 1900,
    maxYear: 9999,
    /** Paging cursors are short base64url strings; anything longer is not one of ours. */
    cursorMaxChars: 300,
  },
  /** Issue 17: the MCP endpoint (/api/mcp) and the personal access tokens it takes. */
  mcp: {
    /** Calls per token: an agent loop makes a few per answer; a runaway one is stopped here. */
    perToken: { points: 120, durationSeconds: 60, blockSeconds: 60 },
    /** Requests with a missing or wrong token, per client address (a guesser, a misconfigured client). */
    badTokenPerAddress: { points: 20, durationSeconds: 10 * 60, blockSeconds: 10 * 60 },
    /** A JSON-RPC body (one tool call) is small; the remember tool's text is the largest part. */
    maxBodyBytes: 64 * 1024,
    /** Live (not revoked) tokens a user may hold, so a loop cannot fill the table. */
    maxTokensPerUser: 25,
    appNameMaxChars: 60,
    /** search_memories and list_memories return at most this many memories per call. */
    maxResults: 50,
    /** The longest text remember accepts (a memory's quote is capped at 4000 characters). */
    rememberMaxChars: 2000,
    /** The per-app activity view lists this many of an app's reads and writes. */
    activityLimit: 50,
    /** "last used" is written at most this often per token, so every call is not a row update. */
    lastUsedEverySeconds: 60,
  },
} as const;

export type Config = typeof config;
