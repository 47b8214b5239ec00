/**
 * The process-wide job wiring: the handlers' dependencies on the app database, configured models
 * and mailer; the in-process provider; where events go.
 */
import { activeDriver, embeddedForeground, ownerDb, withSystem, withUser, withUserInBackground } from '../database';
import type { WithSystem, WithUser } from '../../db/boundary';
import type { ForegroundActivity } from '../../db/foreground';
import { eraseOnDisk } from '../../db/maintenance';
import { accountTokenKey } from '../account/account-tokens';
import { resolveAuthSecret } from '../auth/secret';
import type { BulkDeps } from '../bulk/deps';
import { bulkEventFor, type BulkJobLauncher } from '../bulk/launcher';
import { config } from '../config';
import { env } from '../env';
import { llm } from '../llm';
import { createLlmRegistry } from '../llm/registry';
import { appMailer } from '../mail/production';
import { createEmbedder, type Embedder } from '../memory/embedder';
import type { JobDeps } from './deps';
import { createDispatcher, defaultDeliver, type Dispatcher } from './dispatch';
import { inngestTransport, type EventTransport } from './event-transport';
import { createInProcessProvider } from './in-process-provider';
import { jobMode } from './job-mode';
import { jobs } from './registry';

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

const extractionModel = () => {
  const registry = llm();
  // The offline model cannot do structured output; the rule extractor / rule summary is its partner.
  return registry.describe().extraction.offline ? null : registry.getExtractionModel();
};

/** The database a job's handlers work on: the app's (below), or a script's own connection. */
export interface JobDatabase {
  withUser: WithUser;
  withSystem: WithSystem;
  eraseOnDisk: BulkDeps['eraseOnDisk'];
  /** The embedded database's foreground activity, which paces jobs; null on Postgres. */
  foreground?: () => ForegroundActivity | null;
  abandonStagingAfterMs?: () => number;
}

/**
 * The handlers' dependencies on `db` and the configured models and mailer. Each part is built
 * when a job reads it, so a job never needs what another one does (the mail job's AUTH_SECRET,
 * a model for decay).
 */
export function createJobDeps(db: JobDatabase, dispatcher: () => Dispatcher): JobDeps {
  const lifecycle = () => ({ withUser: db.withUser, withSystem: db.withSystem, foreground: db.foreground?.() ?? null });
  return {
    get extraction() {
      return { withUser: db.withUser, extractionModel: extractionModel(), embedder: configuredEmbedder() };
    },
    get reembed() {
      return { withUser: db.withUser, withSystem: db.withSystem, embedder: configuredEmbedder(), batchSize: config.jobs.reembedBatch };
    },
    get bulk() {
      return { ...lifecycle(), embedder: configuredEmbedder(), pacing: config.bulk.pacing, eraseOnDisk: db.eraseOnDisk, abandonStagingAfterMs: db.abandonStagingAfterMs?.() };
    },
    get lifecycle() {
      return lifecycle();
    },
    get consolidation() {
      return { ...lifecycle(), embedder: configuredEmbedder(), extractionModel: extractionModel() };
    },
    get accountMail() {
      return { withUser: db.withUser, mailer: appMailer(), tokenKey: accountTokenKey(resolveAuthSecret()) };
    },
    get outbox() {
      return { withSystem: db.withSystem, dispatcher: dispatcher() };
    },
  };
}

// Background work: it does not count as someone waiting (db/foreground.ts) and is paced by
// people's activity; the disk erasure runs on the owner connection, which alone may VACUUM.
export const jobDeps = createJobDeps(
  {
    withUser: withUserInBackground,
    withSystem,
    eraseOnDisk: (tables) => eraseOnDisk(ownerDb(), activeDriver(), tables),
    foreground: embeddedForeground,
    abandonStagingAfterMs: () => (activeDriver() === 'pglite' ? 0 : config.bulk.import.stagingStaleMs),
  },
  () => createDispatcher(withUser, defaultDeliver(inProcessProvider)),
);

/** This process's provider, used when no Inngest is configured. */
export const inProcessProvider = createInProcessProvider(jobs, jobDeps);

/** Events for background jobs: to Inngest when it is configured, otherwise to this process. Never waits for the runs. */
export const backgroundEvents: EventTransport = {
  send: async (events) => (jobMode() === 'inngest' ? inngestTransport() : inProcessProvider).send(events),
};

export const bulkJobLauncher: BulkJobLauncher = {
  async launch(job) {
    await backgroundEvents.send([bulkEventFor(job.kind).create({ userId: job.userId, jobId: job.id })]);
  },
};
