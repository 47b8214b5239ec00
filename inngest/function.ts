/**
 * One registry job (server/jobs/registry.ts) as an Inngest function: the trigger, debounce,
 * concurrency, singleton and retries come from its definition, and the handler is the
 * definition's, called with Inngest's `step` (which satisfies server/steps.ts).
 */
import { cron } from 'inngest';
import type { Job } from '../server/jobs/define-job';
import type { JobDeps } from '../server/jobs/deps';
import { inngest } from './client';
import { inngestEventType } from './events';

/** A lane shared across jobs is a key with the lane's prefix in scope "env"; a job's own lane is scope "fn". */
function concurrencyOf(lane: NonNullable<Job['concurrency']>) {
  return lane.shared
    ? { limit: 1, key: `"${lane.shared}-" + event.data.${lane.key}`, scope: 'env' as const }
    : { limit: 1, key: `event.data.${lane.key}` };
}

export function inngestFunction(job: Job, deps: JobDeps) {
  return inngest.createFunction(
    {
      id: job.id,
      triggers: ['event' in job.trigger ? inngestEventType(job.trigger.event) : cron(job.trigger.cron)],
      ...(job.debounce && { debounce: { key: `event.data.${job.debounce.key}`, period: job.debounce.period, timeout: job.debounce.timeout } }),
      ...(job.concurrency && { concurrency: [concurrencyOf(job.concurrency)] }),
      ...(job.singleton && { singleton: { mode: job.singleton } }),
      retries: job.retries,
    },
    async ({ event, step }) => job.run(step, event.data, deps),
  );
}
