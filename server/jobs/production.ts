/** The process-wide job wiring: bodies on the app database and configured models, and the in-process runner. */
import { activeDriver, embeddedForeground, ownerDb, withSystem, withUserInBackground } from '../../db';
import { eraseOnDisk } from '../../db/maintenance';
import { inngest } from '../../inngest/client';
import { accountMailRequested } from '../events/contracts';
import { accountMailBody } from '../account/account-mail-job';
import { BULK_EVENTS, bulkEventFor, type BulkJobLauncher } from '../bulk/launcher';
import { config } from '../config';
import { env } from '../env';
import { llm } from '../llm';
import { loggableError } from '../logging/loggable-error';
import { createLlmRegistry } from '../llm/registry';
import { createEmbedder, type Embedder } from '../memory/embedder';
import { createJobBodies, type JobDeps } from './functions';
import { jobMode } from './dispatch';
import { createInProcessRunner } from './in-process-runner';

let embedder: Embedder | undefined;

export function configuredEmbedder(): Embedder {
  const registry = llm();
  embedder ??= createEmbedder(registry.getEmbeddingModel(), registry.describe().embedding.id);
  return embedder;
}

const olderEmbedders = new Map<string, Embedder | null>();

/**
 * An embedder for a model that is no longer the configured one, so recall can keep using a
 * user's old vectors until their re-embed finishes. Null when it cannot be built any more.
 */
export function embedderFor(modelId: string): Embedder | null {
  if (!olderEmbedders.has(modelId)) {
    try {
      const e = env();
      const registry = createLlmRegistry({
        embeddingModel: modelId,
        openaiApiKey: e.OPENAI_API_KEY,
        openaiBaseUrl: e.OPENAI_BASE_URL,
        llmBaseUrl: e.LLM_BASE_URL,
        llmApiKey: e.LLM_API_KEY,
      });
      olderEmbedders.set(modelId, createEmbedder(registry.getEmbeddingModel(), registry.describe().embedding.id));
    } catch {
      olderEmbedders.set(modelId, null);
    }
  }
  return olderEmbedders.get(modelId) ?? null;
}

function productionDeps(): JobDeps {
  const registry = llm();
  return {
    // The offline model cannot do structured extraction; the rule extractor is its partner.
    // Background work: it does not count as someone waiting (db/foreground.ts).
    extraction: { withUser: withUserInBackground, extractionModel: registry.describe().extraction.offline ? null : registry.getExtractionModel(), embedder: configuredEmbedder() },
    reembed: { withUser: withUserInBackground, withSystem, embedder: configuredEmbedder(), batchSize: config.jobs.reembedBatch },
    // Paced by people's activity on the embedded database (config.bulk.pacing); the disk erasure
    // runs on the owner connection, which alone may VACUUM.
    bulk: {
      withUser: withUserInBackground,
      embedder: configuredEmbedder(),
      foreground: embeddedForeground(),
      pacing: config.bulk.pacing,
      eraseOnDisk: (tables) => eraseOnDisk(ownerDb(), activeDriver(), tables),
      abandonStagingAfterMs: activeDriver() === 'pglite' ? 0 : config.bulk.import.stagingStaleMs,
    },
  };
}

export const jobBodies = createJobBodies(productionDeps);
// Account mail (issue 18) runs in its own lane: a reset link must not wait behind an extraction.
export const inProcessRunner = createInProcessRunner(
  { ...jobBodies.byEvent, [accountMailRequested.name]: accountMailBody },
  { ownLane: [...BULK_EVENTS, accountMailRequested.name] },
);

/** Bulk jobs go to Inngest when it is configured, otherwise to this process's runner. */
export const bulkJobLauncher: BulkJobLauncher = {
  async launch(job) {
    const event = bulkEventFor(job.kind);
    const data = { userId: job.userId, jobId: job.id };
    if (jobMode() === 'inngest') {
      await inngest.send(event.create(data));
      return;
    }
    void inProcessRunner.run(event.name, data).catch((error: unknown) => console.error(`[jobs] ${event.name} ${job.id} failed`, loggableError(error)));
  },
};
