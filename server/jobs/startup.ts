/**
 * Start-up of background work, once per server process (instrumentation.ts): says which job
 * mode is active, makes sure the embedding model has its vector index, and in embedded mode
 * runs the outbox sweeper and any re-embed backlog in-process (on Inngest, crons do that).
 */
import { activeDriver, ownerDb, withSystem, withUser } from '../../db';
import { ensureEmbeddingIndex } from '../../db/embedding-index';
import { reembedRequested } from '../events/contracts';
import { config } from '../config';
import { llm } from '../llm';
import { usersNeedingReembed } from '../memory/reembed';
import { createDispatcher, defaultDeliver, jobMode } from './dispatch';
import { bulkJobLauncher, configuredEmbedder, inProcessRunner } from './production';
import { resumeBulkJobs } from '../bulk/resume';
import { sweepOutbox } from './sweep-outbox';
import { loggableError } from '../logging/loggable-error';
import { lifecycleBodies } from '../lifecycle/production';
import { startLifecycleTimers, startMaintenanceTimers } from '../lifecycle/schedule';
import { vacuumAnalyze } from '../../db/maintenance';
import { consolidationBody } from '../lifecycle/consolidate-production';
import { inngest } from '../../inngest/client';

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
  if (jobMode() === 'inngest') await inngest.send(reembedRequested.create({}));
  else void inProcessRunner.run(reembedRequested.name, {}).catch((error: unknown) => console.error('[jobs] re-embed failed', loggableError(error)));
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
    const dispatcher = createDispatcher(withUser, defaultDeliver(inProcessRunner));
    const sweep = () => {
      sweepOutbox(withSystem, dispatcher).catch((error: unknown) => console.error('[jobs] outbox sweep failed', loggableError(error)));
    };
    sweep();
    setInterval(sweep, config.jobs.sweepIntervalMs).unref();
    // Daily decay and retention (on Inngest these are crons).
    startLifecycleTimers(lifecycleBodies, consolidationBody);
  }
  // PGlite has no autovacuum; Postgres does this itself.
  if (activeDriver() === 'pglite') startMaintenanceTimers(() => vacuumAnalyze(ownerDb()), config.jobs.maintenanceFirstRunMs);
}
