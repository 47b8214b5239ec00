import { config } from '../../config';
import { systemClock } from '../../lifecycle/clock';
import { lifecycleJobData, lifecycleRequest } from '../../lifecycle/job-request';
import { runRetention } from '../../lifecycle/run-retention';
import { defineJob } from '../define-job';

/** Daily raw-log retention purge (SPEC §1) at config.lifecycle.retentionCron, after decay; same safety as decay. */
export const retentionPurgeJob = defineJob({
  id: 'retention-purge',
  trigger: { cron: config.lifecycle.retentionCron, schema: lifecycleJobData },
  singleton: 'skip',
  retries: 4,
  handler: async ({ data, steps }, deps) => runRetention(steps, await lifecycleRequest(steps, data, deps.clock ?? systemClock), deps.lifecycle),
});
