/**
 * The recall evaluation harness on the shipped datasets (tests/fixtures/eval), with the
 * product's defaults (rule extractor, default local embedder). Floors are set from measured
 * runs (README: "Recall quality"); raise them when recall improves, never lower them to pass.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '@/server/eval/dataset';
import { runEval, type EvalReport, type QueryResult } from '@/server/eval/run-eval';
import { createLlmRegistry } from '@/server/llm/registry';
import { createEmbedder } from '@/server/memory/embedder';

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'eval');
// Measured with the defaults on 2026-11-29: see README. Floors sit just under the measurement.
const PASS_RATE_FLOOR = 0.52;
const INCLUDE_HIT_FLOOR = 0.55;

describe('recall evaluation on the shipped datasets', () => {
  const reports: EvalReport[] = [];
  let queries: QueryResult[] = [];

  beforeAll(async () => {
    const registry = createLlmRegistry({});
    const embedder = createEmbedder(registry.getEmbeddingModel(), registry.describe().embedding.id);
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
    for (const file of files) {
      reports.push(await runEval(await loadDataset(path.join(DIR, file)), { embedder, extractionModel: null, ingest: 'pipeline', k: 8 }));
    }
    queries = reports.flatMap((r) => r.queries);
    for (const r of reports) {
      console.log(`${r.dataset}: pass ${r.pass_rate}, include hits ${r.include_hit_rate}, exclude violations ${r.exclude_violations}, p95 ${r.recall_p95_ms} ms`);
    }
  }, 600_000);

  it('has at least 60 queries, in English and Chinese', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(queries.some((q) => q.tags.includes('zh'))).toBe(true);
  });

  it(`passes at least ${PASS_RATE_FLOOR} of queries and hits ${INCLUDE_HIT_FLOOR} of expected facts`, () => {
    const passRate = queries.filter((q) => q.pass).length / queries.length;
    const groups = queries.reduce((n, q) => n + q.include_groups, 0);
    const hits = queries.reduce((n, q) => n + q.include_hits, 0);
    console.log(`overall: pass ${passRate.toFixed(3)}, include hits ${(hits / groups).toFixed(3)} over ${queries.length} queries`);
    expect(passRate).toBeGreaterThanOrEqual(PASS_RATE_FLOOR);
    expect(hits / groups).toBeGreaterThanOrEqual(INCLUDE_HIT_FLOOR);
  });

  it("never injects another user's facts", () => {
    const isolation = queries.filter((q) => q.tags.includes('isolation'));
    expect(isolation.length).toBeGreaterThan(0);
    expect(isolation.filter((q) => q.exclude_violations.length > 0).map((q) => [q.id, q.exclude_violations])).toEqual([]);
  });

  it('stays within the memory budget on every query', () => {
    expect(Math.max(...queries.map((q) => q.injected_tokens))).toBeLessThanOrEqual(1200);
    expect(Math.max(...queries.map((q) => q.injected.split('\n').filter((l) => l.startsWith('- [')).length))).toBeLessThanOrEqual(8);
  });
});
