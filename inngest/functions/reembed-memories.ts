import type { createJobBodies } from '../../server/jobs/functions';
import { jobBodies } from '../../server/jobs/production';
import { inngest } from '../client';
import { reembedRequested } from '../../server/events/contracts';
import { inngestEventType } from '../events';
import { USER_MEMORY_CONCURRENCY } from './extract-memories';

/** Re-embeds active memories with the configured model, one batch per step (SPEC §4.5). */
export function makeReembedMemories(bodies: ReturnType<typeof createJobBodies>) {
  return inngest.createFunction(
    {
      id: 'reembed-memories',
      triggers: [inngestEventType(reembedRequested)],
      // A run for "everyone" has no user id and only fans out; it shares one key, which is fine.
      concurrency: [USER_MEMORY_CONCURRENCY],
      retries: 4,
    },
    async ({ event, step }) => bodies.reembed(step, event.data),
  );
}

export const reembedMemories = makeReembedMemories(jobBodies);
