/**
 * What the job handlers need, injected: server/jobs/production.ts wires the app's database,
 * models and mailer; tests/helpers/jobs.ts wires a test database.
 */
import type { WithSystem } from '../../db/boundary';
import type { AccountMailDeps } from '../account/account-mail';
import type { BulkDeps } from '../bulk/deps';
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
