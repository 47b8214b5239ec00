import { systemClock } from '../../lifecycle/clock';
import { lifecycleJobData, lifecycleRequest } from '../../lifecycle/job-request';
import type { JobRequest } from '../../lifecycle/run-decay';
import type { Steps } from '../../steps';
import { defineJob, type Job } from '../define-job';
import type { JobDeps } from '../deps';

/**
 * A scheduled lifecycle job (decay, retention, consolidation): on its cron, one run at a time (a
 * late run is skipped, not queued), retried from the batch that failed; "now" is fixed once per
 * run (lifecycleRequest). Per-user safety comes from the Postgres memory lock each user's
 * transaction takes, which extraction shares.
 */
export function lifecycleJob(id: string, cron: string, run: (steps: Steps, request: JobRequest, deps: JobDeps) => Promise<unknown>): Job {
  return defineJob({
    id,
    trigger: { cron, schema: lifecycleJobData },
    singleton: 'skip',
    retries: 4,
    handler: async ({ data, steps }, deps) => run(steps, await lifecycleRequest(steps, data, deps.clock ?? systemClock), deps),
  });
}
