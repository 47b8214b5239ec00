import type { createJobBodies } from '../../server/jobs/functions';
import { jobBodies } from '../../server/jobs/production';
import { inngest } from '../client';
import { erasureRequested } from '../../server/events/contracts';
import { inngestEventType } from '../events';

type Bodies = ReturnType<typeof createJobBodies>;

/**
 * Sweeps what a "delete all" or an account deletion hid, then erases it on disk
 * (server/bulk/run-erasure.ts). One run per job at a time; the sweep is stateless, so retries
 * (more than usual: a deletion must finish) carry on where the last attempt stopped.
 */
export function makeEraseMemories(bodies: Bodies) {
  return inngest.createFunction(
    { id: 'erase-memories', triggers: [inngestEventType(erasureRequested)], concurrency: [{ limit: 1, key: 'event.data.jobId' }], retries: 10 },
    async ({ event, step }) => bodies.eraseMemories(step, event.data),
  );
}

export const eraseMemoriesFunction = makeEraseMemories(jobBodies);
