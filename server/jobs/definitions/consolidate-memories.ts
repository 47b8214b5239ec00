import { config } from '../../config';
import { systemClock } from '../../lifecycle/clock';
import { lifecycleJobData, lifecycleRequest } from '../../lifecycle/job-request';
import { runConsolidation } from '../../lifecycle/run-consolidation';
import { defineJob } from '../define-job';

/**
 * Weekly consolidation (SPEC §6) at config.lifecycle.consolidation.cron, off-peak. One run at a
 * time (a late run is skipped, not queued); per-user safety comes from the Postgres memory lock
 * each user's write transaction takes, which extraction shares. Retries resume at the batch
 * that failed.
 */
export const consolidateMemoriesJob = defineJob({
  id: 'consolidate-memories',
  trigger: { cron: config.lifecycle.consolidation.cron, schema: lifecycleJobData },
  singleton: 'skip',
  retries: 4,
  handler: async ({ data, steps }, deps) => runConsolidation(steps, await lifecycleRequest(steps, data, deps.clock ?? systemClock), deps.consolidation),
});
