/**
 * The command-line tools run under plain Node (tsx), outside Next: nothing they import may pull
 * in Next-only modules such as `server-only`. This runs them the way an operator would.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const SLOW = 120_000;

async function cli(args: string[], env: Record<string, string> = {}) {
  // No provider settings: the offline model and local embedder, as on a fresh clone.
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(clean)) if (/^(?:OPENAI|LLM_|CHAT_MODEL|EXTRACTION_MODEL|EMBEDDING_MODEL|DATABASE_URL|INNGEST)/.test(key)) delete clean[key];
  return run(tsx, args, { cwd: root, env: { ...clean, ...env }, maxBuffer: 64 * 1024 * 1024 });
}

describe('command-line tools', () => {
  it('npm run eval replays a dataset through the product code and prints the JSON report', async () => {
    const { stdout } = await cli(['scripts/eval.ts', 'tests/fixtures/eval/isolation-and-sensitive.json', '--json', '--explain', 'alice-city']);
    const report = JSON.parse(stdout) as Record<string, unknown> & { queries: { id: string; decisions?: { summary: string; outcome: string; score: number }[] }[] };
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['pass_rate', 'include_hit_rate', 'exclude_violations', 'recall_p95_ms', 'queries']));
    // --explain keeps the recall decisions of the named query only, best score first.
    const explained = report.queries.filter((q) => q.decisions !== undefined);
    expect(explained.map((q) => q.id)).toEqual(['alice-city']);
    const decisions = explained[0]?.decisions ?? [];
    expect(decisions.some((d) => d.outcome === 'injected')).toBe(true);
    expect(decisions.map((d) => d.score)).toEqual([...decisions.map((d) => d.score)].sort((a, b) => b - a));
  }, SLOW);

  it('npm run jobs runs a job against an embedded database and reports it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mindbase-cli-'));
    const { stdout } = await cli(['scripts/jobs.ts', 'decay', '--dry-run', '--json'], { PGLITE_DATA_DIR: dataDir });
    expect(JSON.parse(stdout)).toMatchObject({ job: 'decay', dryRun: true });
  }, SLOW);

  it('npm run jobs -- outbox shows the dead-letter counts and can retry them', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mindbase-cli-'));
    const { stdout } = await cli(['scripts/jobs.ts', 'outbox', '--retry-dead', '--json'], { PGLITE_DATA_DIR: dataDir });
    expect(JSON.parse(stdout)).toEqual({ job: 'outbox', pending: 0, sent: 0, dead: 0, retried: 0 });
  }, SLOW);

  it('npm run jobs -- maintenance vacuums and analyzes the embedded database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mindbase-cli-'));
    const { stdout } = await cli(['scripts/jobs.ts', 'maintenance', '--json'], { PGLITE_DATA_DIR: dataDir });
    const report = JSON.parse(stdout) as { job: string; tables: { table: string }[] };
    expect(report.job).toBe('maintenance');
    expect(report.tables.map((r) => r.table)).toEqual(expect.arrayContaining(['memories', 'memory_terms', 'memory_embeddings']));
  }, SLOW);
});
