/**
 * The recall evaluation: replay a dataset through the real pipeline on a temporary embedded
 * database, run every query through the real recall at the query's time, and score the
 * memory section recall would inject.
 */
import type { LanguageModel } from 'ai';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { userDb } from '../../db/boundary';
import { createWithSystem, createWithUser } from '../../db/boundary';
import { connect, createPglite } from '../../db/connect';
import { runMigrations } from '../../db/migrate';
import { memories, memorySources } from '../../db/schema';
import { config } from '../config';
import type { Embedder } from '../memory/embedder';
import { recall } from '../recall/recall';
import { scoreInjected, type EvalDataset } from './dataset';
import { replayDataset } from './replay';

export interface EvalOptions {
  embedder: Embedder;
  extractionModel: LanguageModel | null;
  ingest: 'pipeline' | 'raw';
  k: number;
  /** Also list every memory the replay stored, per user (for reading why a query failed). */
  listMemories?: boolean;
  /** Query ids (or "failed" for every failing one) whose recall decisions the report keeps. */
  explain?: ReadonlySet<string>;
}

/** One recall decision as `npm run eval -- --explain` shows it: the ledger of that query. */
export interface ExplainedDecision {
  summary: string;
  outcome: string;
  detail: string | null;
  routes: string[];
  lexical: number;
  similarity: number;
  score: number;
}

/** One stored memory as `npm run eval -- --memories` lists it, with the turn it came from. */
export interface StoredMemory {
  user: string;
  summary: string;
  type: string;
  kind: string | null;
  status: string;
  from: string | null;
}

export interface QueryResult {
  id: string;
  user: string;
  text: string;
  tags: string[];
  pass: boolean;
  include_hits: number;
  include_groups: number;
  exclude_violations: string[];
  /** Listed source turns, and how many of them an injected memory came from. */
  sources_listed: number;
  sources_found: number;
  injected_tokens: number;
  recall_ms: number;
  injected: string;
  /** With --explain: every candidate recall weighed, best first, and what became of it. */
  decisions?: ExplainedDecision[];
}

export interface EvalReport {
  dataset: string;
  queries_total: number;
  pass_rate: number;
  include_hit_rate: number;
  exclude_violations: number;
  /**
   * Share of the queries' listed source turns that are a source of an injected memory (raw
   * ingest: the injected turn itself); null when no query lists sources.
   */
  source_recall: number | null;
  /** Memories the replay left active, and in any status. */
  memories_stored: number;
  memories_total: number;
  mean_injected_tokens: number;
  max_injected_tokens: number;
  recall_p50_ms: number;
  recall_p95_ms: number;
  embedder: string;
  extractor: string;
  ingest: string;
  k: number;
  queries: QueryResult[];
  memories?: StoredMemory[];
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

/** Every message an injected memory rests on: its first source and any merged in later. */
async function injectedSources(db: ReturnType<typeof userDb>, memoryIds: string[]): Promise<Set<string>> {
  if (memoryIds.length === 0) return new Set();
  const rows = await db.run((tx) => tx.select({ messageId: memorySources.messageId }).from(memorySources).where(inArray(memorySources.memoryId, memoryIds)));
  return new Set(rows.flatMap((r) => (r.messageId ? [r.messageId] : [])));
}

/** Every memory of the dataset's users, in the order they were written, with its first source turn's id. */
async function listStored(withUser: ReturnType<typeof createWithUser>, users: Map<string, string>, turns: Map<string, Map<string, string>>): Promise<StoredMemory[]> {
  const out: StoredMemory[] = [];
  for (const [user, userId] of users) {
    const turnOf = new Map([...(turns.get(user) ?? new Map<string, string>())].map(([turn, message]) => [message, turn]));
    const rows = await withUser(userId, (tx) =>
      tx
        .select({ summary: memories.summary, type: memories.type, kind: memories.kind, status: memories.status, messageId: memorySources.messageId })
        .from(memories)
        .leftJoin(memorySources, eq(memorySources.memoryId, memories.id))
        .orderBy(asc(memories.createdAt)),
    );
    const seen = new Set<string>();
    for (const row of rows) {
      const key = `${row.summary}\u0000${row.status}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ user, summary: row.summary, type: row.type, kind: row.kind, status: row.status, from: row.messageId ? (turnOf.get(row.messageId) ?? null) : null });
    }
  }
  return out;
}

async function countMemories(withUser: ReturnType<typeof createWithUser>, userIds: string[]): Promise<{ active: number; total: number }> {
  let active = 0;
  let total = 0;
  for (const userId of userIds) {
    const rows = await withUser(userId, (tx) => tx.select({ status: memories.status, n: count() }).from(memories).groupBy(memories.status));
    for (const row of rows) {
      total += row.n;
      if (row.status === 'active') active += row.n;
    }
  }
  return { active, total };
}

export async function runEval(dataset: EvalDataset, options: EvalOptions): Promise<EvalReport> {
  const pglite = createPglite();
  const connection = connect({ driver: 'pglite', client: pglite });
  try {
    await runMigrations(connection);
    const withUser = createWithUser(connection.db);
    const withSystem = createWithSystem(connection.db);
    const replayed = await replayDataset(dataset, { withUser, withSystem, embedder: options.embedder, extractionModel: options.extractionModel, ingest: options.ingest });

    const results: QueryResult[] = [];
    for (const query of dataset.queries) {
      const db = userDb(withUser, replayed.users.get(query.user)!);
      const timeZone = dataset.users.find((u) => u.id === query.user)?.timeZone ?? 'UTC';
      const result = await recall(db, { message: query.text, now: new Date(query.at), timeZone }, {
        embedder: options.embedder,
        limits: { maxItems: options.k, maxTokens: config.recall.maxTokens },
      });
      const score = scoreInjected(result.section, query.expect);
      const turnMessages = replayed.turns.get(query.user) ?? new Map<string, string>();
      const sourceMessages = query.expect.sources.length > 0 ? await injectedSources(db, result.injectedIds) : new Set<string>();
      const sourcesFound = query.expect.sources.filter((turn) => sourceMessages.has(turnMessages.get(turn) ?? '')).length;
      const explain = options.explain?.has(query.id) || (options.explain?.has('failed') && !score.pass);
      results.push({
        id: query.id,
        user: query.user,
        text: query.text,
        tags: query.tags,
        pass: score.pass,
        include_hits: score.includeHits,
        include_groups: score.includeGroups,
        exclude_violations: score.excludeViolations,
        sources_listed: query.expect.sources.length,
        sources_found: sourcesFound,
        injected_tokens: result.tokens,
        recall_ms: round(result.ms, 2),
        injected: result.section,
        ...(explain
          ? {
              decisions: [...result.decisions]
                .sort((a, b) => b.parts.score - a.parts.score)
                .map((d) => ({
                  summary: d.memory.summary,
                  outcome: d.outcome,
                  detail: d.detail,
                  routes: d.routes,
                  lexical: round(d.parts.lexical),
                  similarity: round(d.parts.similarity),
                  score: round(d.parts.score),
                })),
            }
          : {}),
      });
    }
    const groups = results.reduce((n, r) => n + r.include_groups, 0);
    const hits = results.reduce((n, r) => n + r.include_hits, 0);
    const listed = results.reduce((n, r) => n + r.sources_listed, 0);
    const found = results.reduce((n, r) => n + r.sources_found, 0);
    const stored = await countMemories(withUser, [...replayed.users.values()]);
    const tokens = results.map((r) => r.injected_tokens);
    const ms = results.map((r) => r.recall_ms);
    return {
      dataset: dataset.name,
      queries_total: results.length,
      pass_rate: round(results.filter((r) => r.pass).length / Math.max(1, results.length)),
      include_hit_rate: round(groups === 0 ? 1 : hits / groups),
      exclude_violations: results.reduce((n, r) => n + r.exclude_violations.length, 0),
      source_recall: listed === 0 ? null : round(found / listed),
      memories_stored: stored.active,
      memories_total: stored.total,
      mean_injected_tokens: round(tokens.reduce((a, b) => a + b, 0) / Math.max(1, tokens.length), 1),
      max_injected_tokens: Math.max(0, ...tokens),
      recall_p50_ms: round(percentile(ms, 50), 2),
      recall_p95_ms: round(percentile(ms, 95), 2),
      embedder: options.embedder.modelId,
      extractor: options.ingest === 'raw' ? 'none (raw ingest)' : options.extractionModel ? 'llm' : 'rules',
      ingest: options.ingest,
      k: options.k,
      queries: results,
      ...(options.listMemories ? { memories: await listStored(withUser, replayed.users, replayed.turns) } : {}),
    };
  } finally {
    await connection.close();
  }
}
