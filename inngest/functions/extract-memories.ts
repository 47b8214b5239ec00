import { config } from '../../server/config';
import type { createJobBodies } from '../../server/jobs/functions';
import { jobBodies } from '../../server/jobs/production';
import { inngest } from '../client';
import { turnCompleted } from '../../server/events/contracts';
import { inngestEventType } from '../events';

type Bodies = ReturnType<typeof createJobBodies>;

/** Per-user key shared by every function that writes a user's memory (scope env = across functions). */
export const USER_MEMORY_CONCURRENCY = { limit: 1, key: '"user-" + event.data.userId', scope: 'env' } as const;

/**
 * Slow-channel extraction: debounced per conversation (a burst of turns is read once), one run
 * per user at a time, retried on failure; the body is idempotent (see extract-turn.ts).
 */
export function makeExtractMemories(bodies: Bodies) {
  return inngest.createFunction(
    {
      id: 'extract-memories',
      triggers: [inngestEventType(turnCompleted)],
      debounce: { key: 'event.data.conversationId', period: config.jobs.extractionDebounce, timeout: '2m' },
      concurrency: [USER_MEMORY_CONCURRENCY],
      retries: config.jobs.extractionRetries,
    },
    async ({ event, step }) => bodies.extractMemories(step, event.data),
  );
}

export const extractMemories = makeExtractMemories(jobBodies);
