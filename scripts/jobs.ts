/**
 * npm run jobs -- <decay|retention|reembed|sweep|consolidate|maintenance|outbox> [--user ID] [--now ISO] [--dry-run] [--json]
 * `outbox` counts pending, sent and dead-lettered events; `outbox --retry-dead` re-queues the dead.
 * Runs one background job once against the configured database (ops and tests) and prints what
 * changed, or with --dry-run what would change. With the embedded database, stop `npm run dev`
 * first: PGlite's data directory must not be open in two processes.
 */
import { parseArgs } from 'node:util';
import { createWithSystem, createWithUser } from '../db/boundary';
import { connectFromEnv } from '../server/database';
import { runMigrations } from '../db/migrate';
import { useInngestTransport } from '../inngest/client';
import { createDispatcher, defaultDeliver } from '../server/jobs/dispatch';
import { createInProcessProvider } from '../server/jobs/in-process-provider';
import { jobMode } from '../server/jobs/job-mode';
import { createJobDeps } from '../server/jobs/deps';
import { jobs } from '../server/jobs/registry';
import { InProcessSteps } from '../server/steps';
import { sweepOutbox } from '../server/jobs/sweep-outbox';
import { outboxCounts, retryDeadEvents } from '../server/events/outbox';
import { config } from '../server/config';
import { parseInstant } from '../server/lifecycle/clock';
import type { JobReport } from '../server/lifecycle/report';
import { runDecay, type JobRequest, type LifecycleDeps } from '../server/lifecycle/run-decay';
import { runRetention } from '../server/lifecycle/run-retention';
import { eraseOnDisk, vacuumAnalyze } from '../db/maintenance';
import { runConsolidation } from '../server/lifecycle/run-consolidation';
import { configuredEmbedder, structuredExtractionModel } from '../server/models';
import { reembedUser, usersNeedingReembed } from '../server/memory/reembed';

const USAGE = 'usage: npm run jobs -- <decay|retention|reembed|sweep|consolidate|maintenance|outbox> [--user ID] [--now ISO] [--dry-run] [--json] [--retry-dead]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        user: { type: 'string' },
        now: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'retry-dead': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();

const job = positionals[0];
if (!job || positionals.length > 1) fail(USAGE);
if (!['decay', 'retention', 'reembed', 'sweep', 'consolidate', 'maintenance', 'outbox'].includes(job)) fail(`unknown job "${job}"\n${USAGE}`);

let now: Date;
try {
  now = values.now ? parseInstant(values.now) : new Date();
} catch (error) {
  fail(`--now: ${(error as Error).message}`);
}
const request: JobRequest = { now, userId: values.user, dryRun: values['dry-run'] };
const noEvents = () => Promise.reject(new Error('this job sends no events from the command line'));

function printReport<O extends string>(name: string, report: JobReport<O>): void {
  if (values.json) {
    console.log(JSON.stringify({ job: name, ...report }, null, 2));
    return;
  }
  const counts = Object.entries(report.counts).map(([k, n]) => `${k} ${String(n)}`).join(', ');
  console.log(`${name}${report.dryRun ? ' (dry run: nothing written)' : ''} as of ${report.now}: ${report.users} user(s); ${counts}${report.skipped ? `; skipped ${report.skipped} (edited meanwhile)` : ''}`);
  for (const c of report.changes) {
    console.log(`  ${c.userId}  ${c.memoryId ?? '-'}  ${c.from} → ${c.to}  ${c.reason}  "${c.summary.slice(0, 60)}"`);
  }
  if (report.truncated) console.log(`  … more changes than listed (first ${config.lifecycle.reportMaxChanges}); the counts are complete`);
}

const connection = connectFromEnv();
const deps: LifecycleDeps = { withUser: createWithUser(connection.db), withSystem: createWithSystem(connection.db) };

async function main(): Promise<void> {
  if (job === 'decay') return printReport('decay', await runDecay(new InProcessSteps(noEvents), request, deps));
  if (job === 'retention') {
    const report = await runRetention(new InProcessSteps(noEvents), request, deps);
    printReport('retention', report);
    if (!values.json) console.log(`  sent outbox events ${report.dryRun ? 'to purge' : 'purged'}: ${report.sentEventsPurged}`);
    return;
  }
  if (job === 'outbox') {
    // Dead letters: events that failed config.jobs.outboxMaxAttempts times and are no longer swept.
    if (request.dryRun || request.userId) fail('outbox: --dry-run and --user are not supported');
    const retried = values['retry-dead'] ? await retryDeadEvents(deps.withSystem) : 0;
    const counts = await outboxCounts(deps.withSystem);
    console.log(
      values.json
        ? JSON.stringify({ job, ...counts, retried }, null, 2)
        : `outbox: ${counts.pending} pending, ${counts.sent} sent, ${counts.dead} dead-lettered${values['retry-dead'] ? ` (${retried} dead letter(s) given fresh attempts)` : ''}`,
    );
    return;
  }
  if (job === 'maintenance') {
    if (request.dryRun || request.userId) fail('maintenance: --dry-run and --user are not supported');
    const report = await vacuumAnalyze(connection.db);
    console.log(values.json ? JSON.stringify({ job, ...report }, null, 2) : `maintenance: vacuumed and analyzed ${report.tables.length} tables (${report.tables.map((r) => `${r.table} ${r.ms} ms`).join(', ')})`);
    return;
  }
  if (job === 'consolidate') {
    return printReport('consolidate', await runConsolidation(new InProcessSteps(noEvents), request, { ...deps, embedder: configuredEmbedder(), extractionModel: structuredExtractionModel() }));
  }

  if (job === 'reembed') {
    const embedder = configuredEmbedder();
    const users = request.userId ? [request.userId] : await usersNeedingReembed(deps.withSystem, embedder.modelId);
    const result: Record<string, number> = {};
    for (const userId of users) {
      result[userId] = request.dryRun ? 0 : (await reembedUser(new InProcessSteps(noEvents), userId, { ...deps, embedder, batchSize: config.jobs.reembedBatch })).embedded;
    }
    const out = { job, model: embedder.modelId, dryRun: request.dryRun, users: result };
    console.log(values.json ? JSON.stringify(out, null, 2) : `reembed (${embedder.modelId})${request.dryRun ? ' dry run: users with a backlog' : ''}: ${JSON.stringify(result)}`);
    return;
  }

  // sweep: re-send unacknowledged outbox events to Inngest, or run them here when it is not configured.
  if (request.dryRun || request.userId) fail('sweep: --dry-run and --user are not supported');
  if (jobMode() === 'inngest') useInngestTransport();
  const jobDeps = createJobDeps({ withUser: deps.withUser, withSystem: deps.withSystem, eraseOnDisk: (tables) => eraseOnDisk(connection.db, connection.driver, tables) }, () => dispatcher);
  const provider = createInProcessProvider(jobs, jobDeps);
  const dispatcher = createDispatcher(deps.withUser, defaultDeliver(provider));
  const result = await sweepOutbox(deps.withSystem, dispatcher, now);
  await provider.idle();
  console.log(values.json ? JSON.stringify({ job, ...result }, null, 2) : `sweep: re-sent ${result.resent}, gave up on ${result.gaveUp}`);
}

try {
  // A fresh database (a new data directory, a new Postgres) gets its schema first, as the app
  // does at start-up; on a migrated one this is a no-op.
  await runMigrations(connection);
  await main();
} finally {
  await connection.close();
}
