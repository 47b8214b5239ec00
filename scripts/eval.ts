/**
 * npm run eval -- <dataset.json> [more.json …] [--k 8] [--json] [--embedder local:hash-256]
 *                [--extractor rules|configured] [--ingest pipeline|raw] [--memories]
 *                [--explain <query id>[,<id>…] | --explain failed]
 * Replays each dataset through the real write pipeline on a temporary database and scores
 * what recall would inject for every query (README: "Evaluation").
 */
import { parseArgs } from 'node:util';
import { env } from '../server/env';
import { DatasetError, loadDataset } from '../server/eval/dataset';
import { runEval, type EvalReport } from '../server/eval/run-eval';
import { createLlmRegistry } from '../server/llm/registry';
import { createEmbedder } from '../server/memory/embedder';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    k: { type: 'string', default: '8' },
    json: { type: 'boolean', default: false },
    embedder: { type: 'string' },
    extractor: { type: 'string', default: 'configured' },
    ingest: { type: 'string', default: 'pipeline' },
    /** List every memory the replay stored (with its status and source turn), to read failures. */
    memories: { type: 'boolean', default: false },
    /** Keep the recall decisions (the ledger) of these query ids, or of every failing query. */
    explain: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (positionals.length === 0) fail('usage: npm run eval -- <dataset.json> [--k 8] [--json] [--embedder SPEC] [--extractor rules|configured] [--ingest pipeline|raw] [--memories] [--explain ids|failed]');
const k = Number(values.k);
if (!Number.isInteger(k) || k < 1 || k > 50) fail(`--k must be a whole number from 1 to 50; got "${values.k}"`);
if (values.ingest !== 'pipeline' && values.ingest !== 'raw') fail(`--ingest must be "pipeline" or "raw"; got "${values.ingest}"`);
if (values.extractor !== 'rules' && values.extractor !== 'configured') fail(`--extractor must be "rules" or "configured"; got "${values.extractor}"`);

const e = env();
const registry = createLlmRegistry({
  chatModel: e.CHAT_MODEL,
  extractionModel: e.EXTRACTION_MODEL,
  embeddingModel: values.embedder ?? e.EMBEDDING_MODEL,
  openaiApiKey: e.OPENAI_API_KEY,
  openaiBaseUrl: e.OPENAI_BASE_URL,
  llmBaseUrl: e.LLM_BASE_URL,
  llmApiKey: e.LLM_API_KEY,
});
const described = registry.describe();
const embedder = createEmbedder(registry.getEmbeddingModel(), described.embedding.id);
const extractionModel = values.extractor === 'rules' || described.extraction.offline ? null : registry.getExtractionModel();

function printTable(report: EvalReport): void {
  console.log(`\n${report.dataset}  (embedder ${report.embedder}, extractor ${report.extractor}, k=${report.k})`);
  for (const q of report.queries) {
    console.log(`${q.pass ? 'PASS' : 'FAIL'}  ${q.id.padEnd(28)} ${q.text}`);
    if (!q.pass) {
      const why = [
        q.include_hits < q.include_groups ? `include ${q.include_hits}/${q.include_groups}` : '',
        q.exclude_violations.length ? `excluded present: ${q.exclude_violations.join(', ')}` : '',
        q.sources_found < q.sources_listed ? `sources ${q.sources_found}/${q.sources_listed}` : '',
      ].filter(Boolean);
      console.log(`      ${why.join('; ')}`);
      console.log(`      injected: ${q.injected.split('\n').filter((l) => l.startsWith('- ')).join(' | ') || '(nothing)'}`);
    }
    for (const d of q.decisions ?? []) {
      const parts = `score ${d.score.toFixed(3)} lex ${d.lexical.toFixed(2)} cos ${d.similarity.toFixed(2)}`;
      console.log(`        ${d.outcome.padEnd(15)} ${parts}  [${d.routes.join('+')}] ${d.summary}${d.detail ? `  (${d.detail})` : ''}`);
    }
  }
  console.table({
    pass_rate: report.pass_rate,
    include_hit_rate: report.include_hit_rate,
    exclude_violations: report.exclude_violations,
    ...(report.source_recall === null ? {} : { source_recall: report.source_recall }),
    memories_stored: report.memories_stored,
    memories_total: report.memories_total,
    mean_injected_tokens: report.mean_injected_tokens,
    max_injected_tokens: report.max_injected_tokens,
    recall_p50_ms: report.recall_p50_ms,
    recall_p95_ms: report.recall_p95_ms,
  });
  if (report.memories) {
    console.log('\nstored memories (user · status · type/kind · from turn):');
    for (const m of report.memories) console.log(`  ${m.user} · ${m.status} · ${m.type}/${m.kind ?? '-'} · ${m.from ?? '-'}  ${m.summary}`);
  }
}

try {
  const reports: EvalReport[] = [];
  for (const path of positionals) {
    const dataset = await loadDataset(path);
    const explain = values.explain ? new Set(values.explain.split(',').map((id) => id.trim()).filter(Boolean)) : undefined;
    reports.push(await runEval(dataset, { embedder, extractionModel, ingest: values.ingest, k, listMemories: values.memories, ...(explain ? { explain } : {}) }));
  }
  if (values.json) console.log(JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2));
  else reports.forEach(printTable);
} catch (error) {
  if (error instanceof DatasetError) fail(error.message);
  throw error;
}
