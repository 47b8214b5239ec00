import { config } from '../../config';
import { turnCompleted } from '../../events/contracts';
import { extractTurn } from '../../memory/pipeline/extract-turn';
import { defineJob, USER_MEMORY_LANE } from '../define-job';

/**
 * Slow-channel extraction: debounced per conversation (a burst of turns is read once), one run
 * per user at a time with the other memory writers, retried; the body is idempotent (see
 * extract-turn.ts).
 */
export const extractMemoriesJob = defineJob({
  id: 'extract-memories',
  trigger: { event: turnCompleted },
  debounce: { key: 'conversationId', period: config.jobs.extractionDebounce, timeout: config.jobs.extractionDebounceTimeout },
  concurrency: USER_MEMORY_LANE,
  retries: config.jobs.extractionRetries,
  handler: ({ data, steps }, deps) => extractTurn(steps, data, deps.extraction),
});
