/** Memory items and everything derived from them (SPEC §2–4). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { conversations, messages } from './chat';
import { hiddenThrough, userOwnedPolicies } from './rls';
import { anyVector } from './vector';

export const MEMORY_TYPES = ['episodic', 'semantic', 'procedural', 'working'] as const;
export const MEMORY_STATUSES = [
  'candidate',
  'active',
  'superseded',
  'merged',
  'archived',
  'forgotten',
  'conflicted',
] as const;
export const MEMORY_CONFIDENCE = ['high', 'low'] as const;
export const MEMORY_ORIGINS = ['user_stated', 'assistant_inferred'] as const;
export const MEMORY_VALIDITY = ['permanent', 'phase', 'temporary'] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const memories = pgTable(
  'memories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: MEMORY_TYPES }).notNull(),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    entities: jsonb('entities').$type<string[]>().notNull().default([]),
    importance: smallint('importance').notNull().default(2),
    confidence: text('confidence', { enum: MEMORY_CONFIDENCE }).notNull().default('low'),
    origin: text('origin', { enum: MEMORY_ORIGINS }).notNull().default('user_stated'),
    validity: text('validity', { enum: MEMORY_VALIDITY }).notNull().default('permanent'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    sensitive: boolean('sensitive').notNull().default(false),
    status: text('status', { enum: MEMORY_STATUSES }).notNull().default('candidate'),
    pinned: boolean('pinned').notNull().default(false),
    /** Optimistic concurrency: every update must name the version it read. */
    version: integer('version').notNull().default(1),
    /** Provenance (SPEC §1): nullable only because the raw log may be purged later. */
    sourceConversationId: uuid('source_conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    sourceMessageId: uuid('source_message_id'),
    quote: text('quote').notNull(),
    /** The item this one replaced (negative update / correction), for "how did this change". */
    supersedesId: uuid('supersedes_id'),
    /** Why the item has its status (e.g. "sensitive change: needs confirmation"). */
    statusReason: text('status_reason'),
    /** Working memories belong to one conversation and end with it. */
    conversationScope: uuid('conversation_scope').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Words for full-text recall and the settings search: English stems and Chinese character
     * bigrams (Postgres has no Chinese word breaker), written by server/memory/search-text.ts
     * whenever the text changes; the memory_terms trigger turns them into postings.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * Terms of what the source message replied to (server/memory/search-text.ts), indexed at a
     * lower weight (config.recall.bm25.contextWeight); never shown, never matched by settings search.
     */
    searchContext: text('search_context').notNull().default(''),
    /** The tokeniser version that wrote search_text and slot; older rows are rewritten by db:migrate. */
    searchVersion: smallint('search_version').notNull().default(0),
    /**
     * The single-valued attribute the memory states (home, job, diet, relationship_status,
     * appointment:<noun>; server/memory/slots.ts), so a new value finds the old one by index.
     */
    slot: text('slot'),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    accessCount: integer('access_count').notNull().default(0),
    hitCount: integer('hit_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    /**
     * Write order (the row_seq sequence, bulk.ts): an erasure hides every row up to its watermark
     * at once. Rows from before the column existed have none and count as older than any watermark.
     */
    seq: bigint('seq', { mode: 'number' }).default(sql`nextval('row_seq')`),
  },
  (t) => [
    unique('memories_id_user_unique').on(t.id, t.userId),
    index('memories_user_status_type_idx').on(t.userId, t.status, t.type),
    index('memories_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Recall's always-on core items (importance >= 4 among active ones) without reading every row.
    index('memories_user_core_idx').on(t.userId, t.importance).where(sql`${t.status} = 'active'`),
    // Recall's structured picks (active constraints and plans of the last 30 days).
    index('memories_user_structured_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.status} = 'active' and ${t.kind} in ('constraint', 'plan')`),
    // A new value of a single-valued attribute finds the current one (issue 12).
    index('memories_user_slot_idx').on(t.userId, t.slot).where(sql`${t.status} = 'active' and ${t.slot} is not null`),
    // Recall's upcoming plans: active plans by when they happen (issue 13).
    index('memories_user_upcoming_idx')
      .on(t.userId, t.occurredAt)
      .where(sql`${t.status} = 'active' and ${t.kind} = 'plan'`),
    // The chat's memory notices: what a turn's message produced (issue 15), polled while it is pending.
    index('memories_source_message_idx').on(t.sourceMessageId).where(sql`${t.sourceMessageId} is not null`),
    check('memories_type_check', sql`${t.type} in (${inList(MEMORY_TYPES)})`),
    check('memories_status_check', sql`${t.status} in (${inList(MEMORY_STATUSES)})`),
    check('memories_confidence_check', sql`${t.confidence} in (${inList(MEMORY_CONFIDENCE)})`),
    check('memories_origin_check', sql`${t.origin} in (${inList(MEMORY_ORIGINS)})`),
    check('memories_validity_check', sql`${t.validity} in (${inList(MEMORY_VALIDITY)})`),
    check('memories_importance_check', sql`${t.importance} between 1 and 5`),
    check('memories_summary_length_check', sql`char_length(${t.summary}) between 1 and 1000`),
    // A pending "delete all" or account deletion hides the rows it will delete (bulk.ts).
    ...userOwnedPolicies(t.userId, sql`coalesce(${t.seq}, 0) > ${hiddenThrough}`),
  ],
);

/** Every change to a memory, so nothing is silently overwritten (SPEC §3). */
export const memoryVersions = pgTable(
  'memory_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memoryId: uuid('memory_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** user | extractor | fast_channel | consolidation | job:<name> */
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    oldSummary: text('old_summary'),
    newSummary: text('new_summary').notNull(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    /** The full row after the change, so a version can be restored or viewed "as of" a date. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.memoryId, t.userId],
      foreignColumns: [memories.id, memories.userId],
      name: 'memory_versions_memory_owner_fk',
    }).onDelete('cascade'),
    unique('memory_versions_memory_version_unique').on(t.memoryId, t.version),
    // The settings page's "as of" view reads a user's versions up to a moment.
    index('memory_versions_user_created_idx').on(t.userId, t.createdAt),
    ...userOwnedPolicies(t.userId),
  ],
);

/** One vector per (memory, embedding model); see db/embedding-index.ts for the HNSW indexes. */
export const memoryEmbeddings = pgTable(
  'memory_embeddings',
  {
    memoryId: uuid('memory_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    dimensions: integer('dimensions').notNull(),
    embedding: anyVector('embedding').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.model] }),
    foreignKey({
      columns: [t.memoryId, t.userId],
      foreignColumns: [memories.id, memories.userId],
      name: 'memory_embeddings_memory_owner_fk',
    }).onDelete('cascade'),
    index('memory_embeddings_user_model_idx').on(t.userId, t.model),
    check('memory_embeddings_dimensions_check', sql`vector_dims(${t.embedding}) = ${t.dimensions}`),
    ...userOwnedPolicies(t.userId),
  ],
);

/**
 * Every message a memory rests on. The first source is also on the memory row; a near-duplicate
 * heard again adds a source here instead of a new memory (SPEC §4.4 "keep both sources").
 */
export const memorySources = pgTable(
  'memory_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memoryId: uuid('memory_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    messageId: uuid('message_id'),
    quote: text('quote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.memoryId, t.userId],
      foreignColumns: [memories.id, memories.userId],
      name: 'memory_sources_memory_owner_fk',
    }).onDelete('cascade'),
    unique('memory_sources_memory_message_unique').on(t.memoryId, t.messageId),
    ...userOwnedPolicies(t.userId),
  ],
);

/**
 * The full-text route's inverted index: one row per (user, term, memory), kept in step with
 * `memories.search_text` by the `memory_terms_sync` trigger (migration 0007); recall's lexical
 * route and the settings search read it. Under row-level security Postgres could not use a GIN
 * index on a tsvector of search_text (the `@@` operator is not LEAKPROOF, so it may not run
 * before the user policy) and read every row of the user; that column and index are gone
 * (migration 0016). A btree lookup by (user_id, term) uses only leakproof text equality, so it
 * reads just the postings of the query's terms (README, performance). Never written by
 * application code.
 */
export const memoryTerms = pgTable(
  'memory_terms',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    memoryId: uuid('memory_id').notNull(),
    /** BM25 inputs: the term's count in the memory's own text and in its context… */
    tf: smallint('tf').notNull().default(1),
    ctxTf: smallint('ctx_tf').notNull().default(0),
    /** …and the memory's own and context lengths in terms, copied to each posting. */
    len: smallint('len').notNull().default(0),
    ctxLen: smallint('ctx_len').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.term, t.memoryId] }),
    foreignKey({
      columns: [t.memoryId, t.userId],
      foreignColumns: [memories.id, memories.userId],
      name: 'memory_terms_memory_owner_fk',
    }).onDelete('cascade'),
    index('memory_terms_memory_idx').on(t.memoryId),
    ...userOwnedPolicies(t.userId),
  ],
);

/**
 * Per-user totals for BM25 (number of memories and summed lengths), kept by the same trigger as
 * memory_terms: every memory of the user counts, whatever its status, like the postings do.
 */
export const memoryTermStats = pgTable(
  'memory_term_stats',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    docs: integer('docs').notNull().default(0),
    lenTotal: integer('len_total').notNull().default(0),
    ctxTotal: integer('ctx_total').notNull().default(0),
  },
  (t) => [...userOwnedPolicies(t.userId)],
);

export const RECALL_OUTCOMES = ['injected', 'below_threshold', 'cut_by_budget', 'duplicate', 'filtered'] as const;

/**
 * The memory ledger (provenance with why and why-not): every memory recall considered for an
 * assistant message, with its score parts and what happened to it. Deleting a memory deletes
 * its ledger rows (provenance links) with it.
 */
export const recallLedger = pgTable(
  'recall_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').notNull(),
    memoryId: uuid('memory_id').notNull(),
    outcome: text('outcome', { enum: RECALL_OUTCOMES }).notNull(),
    /** expired | status | intent | … for filtered; the rank among candidates otherwise. */
    detail: text('detail'),
    rank: integer('rank').notNull(),
    score: doublePrecision('score').notNull(),
    similarity: doublePrecision('similarity').notNull(),
    /** BM25 of the memory for the question, relative to the best candidate's (0–1). */
    lexical: doublePrecision('lexical').notNull().default(0),
    /** Lexical and vector relevance fused (config.recall.fusion), the score's main part. */
    relevance: doublePrecision('relevance').notNull().default(0),
    importance: doublePrecision('importance').notNull(),
    recency: doublePrecision('recency').notNull(),
    frequency: doublePrecision('frequency').notNull(),
    confidenceFactor: doublePrecision('confidence_factor').notNull(),
    routes: jsonb('routes').$type<string[]>().notNull().default([]),
    /** The user said it was not relevant to this answer (counts toward fail_count once). */
    markedNotRelevant: boolean('marked_not_relevant').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.memoryId, t.userId],
      foreignColumns: [memories.id, memories.userId],
      name: 'recall_ledger_memory_owner_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.messageId, t.userId],
      foreignColumns: [messages.id, messages.userId],
      name: 'recall_ledger_message_owner_fk',
    }).onDelete('cascade'),
    unique('recall_ledger_message_memory_unique').on(t.messageId, t.memoryId),
    index('recall_ledger_memory_idx').on(t.memoryId),
    check('recall_ledger_outcome_check', sql`${t.outcome} in (${inList(RECALL_OUTCOMES)})`),
    ...userOwnedPolicies(t.userId),
  ],
);
