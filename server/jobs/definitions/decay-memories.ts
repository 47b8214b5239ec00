import { config } from '../../config';
import { systemClock } from '../../lifecycle/clock';
import { lifecycleJobData, lifecycleRequest } from '../../lifecycle/job-request';
import { runDecay } from '../../lifecycle/run-decay';
import { defineJob } from '../define-job';

/**
 * Daily decay (SPEC §6) at config.lifecycle.decayCron. One run at a time (a late run is skipped,
 * not queued); per-user safety comes from the Postgres memory lock each user's transaction
 * takes, which extraction shares. Retries resume at the batch that failed.
 */
export const decayMemoriesJob = defineJob({
  id: 'decay-memories',
  trigger: { cron: config.lifecycle.decayCron, schema: lifecycleJobData },
  singleton: 'skip',
  retries: 4,
  handler: async ({ data, steps }, deps) => runDecay(steps, await lifecycleRequest(steps, data, deps.clock ?? systemClock), deps.lifecycle),
});
