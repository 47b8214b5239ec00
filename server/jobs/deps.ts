/**
 * What the job handlers need, injected. `createJobDeps` builds it over a database and this
 * process's configured models and mailer: server/composition.ts for the app's database,
 * scripts/jobs.ts for its own connection; tests/helpers/jobs.ts wires a test database.
 */
import type { WithSystem, WithUser } from '../../db/boundary';
import type { ForegroundActivity } from '../../db/foreground';
import { accountTokenKey } from '../account/account-tokens';
import type { AccountMailDeps } from '../account/account-mail';
import { resolveAuthSecret } from '../auth/secret';
import type { BulkDeps } from '../bulk/deps';
import { config } from '../config';
import { appMailer } from '../mail/app-mailer';
import { configuredEmbedder, structuredExtractionModel } from '../models';
import type { Clock } from '../lifecycle/clock';
import type { ConsolidationDeps } from '../lifecycle/run-consolidation';
import type { LifecycleDeps } from '../lifecycle/run-decay';
import type { ExtractionDeps } from '../memory/pipeline/extract-turn';
import type { ReembedDeps } from '../memory/reembed';
import type { Dispatcher } from './dispatch';

export interface JobDeps {
  extraction: ExtractionDeps;
  reembed: ReembedDeps;
  /** Import, delete all and account deletion (server/bulk/). */
  bulk: BulkDeps;
  /** Decay and retention. */
  lifecycle: LifecycleDeps;
  consolidation: ConsolidationDeps;
  accountMail: AccountMailDeps;
  /** The sweeper re-sends through the dispatcher of the running provider. */
  outbox: { withSystem: WithSystem; dispatcher: Dispatcher };
  /** "Now" for a lifecycle run whose data names none; the system clock by default. */
  clock?: Clock;
}

/** The database a job's handlers work on: the app's (server/composition.ts), or a script's own connection. */
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
      return { withUser: db.withUser, extractionModel: structuredExtractionModel(), embedder: configuredEmbedder() };
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
      return { ...lifecycle(), embedder: configuredEmbedder(), extractionModel: structuredExtractionModel() };
    },
    get accountMail() {
      return { withUser: db.withUser, mailer: appMailer(), tokenKey: accountTokenKey(resolveAuthSecret()) };
    },
    get outbox() {
      return { withSystem: db.withSystem, dispatcher: dispatcher() };
    },
  };
}
