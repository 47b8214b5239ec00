import type { createJobBodies } from '../../server/jobs/functions';
import { jobBodies } from '../../server/jobs/production';
import { inngest } from '../client';
import { importRequested } from '../../server/events/contracts';
import { inngestEventType } from '../events';

type Bodies = ReturnType<typeof createJobBodies>;

/**
 * Writes a staged import in short transactions (server/bulk/run-import.ts). One run per job at a
 * time, so a retry never overlaps the run it retries; a step that still fails after its retries
 * reaches the body, which undoes what the import wrote.
 */
export function makeImportMemories(bodies: Bodies) {
  return inngest.createFunction(
    { id: 'import-memories', triggers: [inngestEventType(importRequested)], concurrency: [{ limit: 1, key: 'event.data.jobId' }], retries: 4 },
    async ({ event, step }) => bodies.importMemories(step, event.data),
  );
}

export const importMemoriesFunction = makeImportMemories(jobBodies);
