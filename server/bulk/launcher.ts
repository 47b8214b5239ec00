/**
 * How a request hands its bulk job to the background: the request has written the job's row
 * (and, for an import, its staged items) and returns at once; the job runs on Inngest or in this
 * process (server/composition.ts sends its event). Injected through the tRPC context, so tests run the same
 * job against their own database.
 */
import { erasureRequested, importRequested } from '../events/contracts';
import type { BulkJobRow } from './bulk-jobs';

export interface BulkJobLauncher {
  /** Resolves once the job is handed over (in tests: once it has run). */
  launch(job: Pick<BulkJobRow, 'id' | 'userId' | 'kind'>): Promise<void>;
}

/** The event that runs a job of this kind. */
export function bulkEventFor(kind: BulkJobRow['kind']) {
  return kind === 'import' ? importRequested : erasureRequested;
}
