/**
 * Start-up of background work, once per server process (instrumentation.ts, which first
 * registers the Inngest transport when Inngest is configured): says which job mode is active,
 * makes sure the embedding model has its vector index, resumes unfinished bulk jobs, and in
 * embedded mode starts the cron jobs' schedules in-process (on Inngest, its crons do that).
 */
import { activeDriver, ownerDb, withSystem } from './database';
import { ensureEmbeddingIndex } from '../db/embedding-index';
import { vacuumAnalyze } from '../db/maintenance';
import { resumeBulkJobs } from './bulk/resume';
import { config } from './config';
import { reembedRequested } from './events/contracts';
import { llm } from './llm';
import { loggableError } from './logging/loggable-error';
import { usersNeedingReembed } from './memory/reembed';
import { jobMode } from './jobs/job-mode';
import { scheduleMaintenance } from './jobs/maintenance-schedule';
import { backgroundEvents, bulkJobLauncher, configuredEmbedder, inProcessProvider } from './composition';
import { sweepOutboxJob } from './jobs/definitions/sweep-outbox';

async function embeddingDimensions(): Promise<number> {
  const known = llm().describe().embedding.dimensions;
  if (known) return known;
  const [probe] = await configuredEmbedder().embed(['dimension probe']);
  return probe?.length ?? 0;
}

async function startReembedIfNeeded(): Promise<void> {
  const model = configuredEmbedder().modelId;
  const users = await usersNeedingReembed(withSystem, model);
  if (users.length === 0) return;
  console.info(`[jobs] ${users.length} user(s) have memories without ${model} vectors: re-embedding`);
  await backgroundEvents.send([reembedRequested.create({})]);
}

export async function startBackgroundWork(): Promise<void> {
  const mode = jobMode();
  console.info(
    mode === 'inngest'
      ? '[jobs] background functions run on Inngest (served at /api/inngest)'
      : '[jobs] no Inngest configured: background functions run in-process after each response',
  );
  console.info(`[db] ${activeDriver() === 'pglite' ? 'embedded PGlite' : 'Postgres (DATABASE_URL)'}`);
  try {
    // A local embedder may need a one-off build (word vectors: ~5 s on first start); do it now
    // rather than inside someone's first chat turn.
    if (llm().describe().embedding.provider === 'local') await configuredEmbedder().embed(['warm-up']);
    const dims = await embeddingDimensions();
    if (dims > 0) await ensureEmbeddingIndex(ownerDb(), configuredEmbedder().modelId, dims, config.recall.hnsw);
    await startReembedIfNeeded();
  } catch (error) {
    console.error('[jobs] start-up embedding checks failed; recall and re-embed will retry later', error);
  }
  // Imports and erasures a stopped process left half done (their rows say how far they got).
  await resumeBulkJobs(withSystem, bulkJobLauncher)
    .then((n) => n > 0 && console.info(`[jobs] resumed ${n} import/deletion job(s)`))
    .catch((error: unknown) => console.error('[jobs] could not list unfinished import/deletion jobs', error));
  if (mode === 'in-process') {
    // What the last process left in the outbox goes now, not at the sweeper's first tick.
    inProcessProvider.trigger(sweepOutboxJob.id).catch((error: unknown) => console.error('[jobs] outbox sweep failed', loggableError(error)));
    // The cron jobs (sweeper, decay, retention, consolidation) at the cron strings Inngest gets.
    inProcessProvider.schedule();
  }
  // PGlite has no autovacuum; Postgres does this itself.
  if (activeDriver() === 'pglite') scheduleMaintenance(() => vacuumAnalyze(ownerDb()), config.jobs.maintenanceFirstRunMs);
}
