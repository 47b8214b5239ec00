import { erasureRequested } from '../../events/contracts';
import { runErasure } from '../../bulk/run-erasure';
import { defineJob } from '../define-job';

/**
 * Sweeps what a "delete all" or an account deletion hid, then erases it on disk
 * (server/bulk/run-erasure.ts). One run per job at a time; the sweep is stateless, so retries
 * (more than usual: a deletion must finish) carry on where the last attempt stopped.
 */
export const eraseMemoriesJob = defineJob({
  id: 'erase-memories',
  trigger: { event: erasureRequested },
  concurrency: { key: 'jobId' },
  retries: 10,
  handler: ({ data, steps }, deps) => runErasure(steps, data, deps.bulk),
});
