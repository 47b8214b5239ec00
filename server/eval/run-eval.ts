/**
 * The recall evaluation: replay a dataset through the real pipeline on a temporary embedded
 * database, run every query through the real recall at the query's time, and score the
 * memory section recall would inject.
 */
import type { LanguageModel } from 'ai';
import { userDb } from '../../db/boundary';
import { createWithSystem, createWithUser } from '../../db/boundary';
import { connect, createPglite } from '../../db/connect';
import { runMigrations } from '../../db/migrate';
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
  injected_tokens: number;
  recall_ms: number;
  injected: string;
}

export interface EvalReport {
  dataset: string;
  queries_total: number;
  pass_rate: number;
  include_hit_rate: number;
  exclude_violations: number;
  mean_injected_tokens: number;
  max_injected_tokens: number;
  recall_p50_ms: number;
  recall_p95_ms: number;
  embedder: string;
  extractor: string;
  ingest: string;
  k: number;
  queries: QueryResult[];
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

export async function runEval(dataset: EvalDataset, options: EvalOptions): Promise<EvalReport> {
  const pglite = createPglite();
  const connection = connect({ driver: 'pglite', client: pglite });
  try {
    await runMigrations(connection);
    const withUser = createWithUser(connection.db);
    const withSystem = createWithSystem(connection.db);
    const ids = await replayDataset(dataset, { withUser, withSystem, embedder: options.embedder, extractionModel: options.extractionModel, ingest: options.ingest });

    const results: QueryResult[] = [];
    for (const query of dataset.queries) {
      const db = userDb(withUser, ids.get(query.user)!);
      const result = await recall(db, { message: query.text, now: new Date(query.at) }, {
        embedder: options.embedder,
        limits: { maxItems: options.k, maxTokens: config.recall.maxTokens },
      });
      const score = scoreInjected(result.section, query.expect);
      results.push({
        id: query.id,
        user: query.user,
        text: query.text,
        tags: query.tags,
        pass: score.pass,
        include_hits: score.includeHits,
        include_groups: score.includeGroups,
        exclude_violations: score.excludeViolations,
        injected_tokens: result.tokens,
        recall_ms: round(result.ms, 2),
        injected: result.section,
      });
    }
    const groups = results.reduce((n, r) => n + r.include_groups, 0);
    const hits = results.reduce((n, r) => n + r.include_hits, 0);
    const tokens = results.map((r) => r.injected_tokens);
    const ms = results.map((r) => r.recall_ms);
    return {
      dataset: dataset.name,
      queries_total: results.length,
      pass_rate: round(results.filter((r) => r.pass).length / Math.max(1, results.length)),
      include_hit_rate: round(groups === 0 ? 1 : hits / groups),
      exclude_violations: results.reduce((n, r) => n + r.exclude_violations.length, 0),
      mean_injected_tokens: round(tokens.reduce((a, b) => a + b, 0) / Math.max(1, tokens.length), 1),
      max_injected_tokens: Math.max(0, ...tokens),
      recall_p50_ms: round(percentile(ms, 50), 2),
      recall_p95_ms: round(percentile(ms, 95), 2),
      embedder: options.embedder.modelId,
      extractor: options.ingest === 'raw' ? 'none (raw ingest)' : options.extractionModel ? 'llm' : 'rules',
      ingest: options.ingest,
      k: options.k,
      queries: results,
    };
  } finally {
    await connection.close();
  }
}
