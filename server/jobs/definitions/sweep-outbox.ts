import { z } from 'zod';
import { config } from '../../config';
import { defineJob } from '../define-job';
import { sweepOutbox } from '../sweep-outbox';

/** Re-sends events that were stored but never handed over (see ../sweep-outbox.ts). */
export const sweepOutboxJob = defineJob({
  id: 'sweep-outbox',
  trigger: { cron: config.jobs.sweepCron, schema: z.object({}) },
  singleton: 'skip',
  retries: 1,
  handler: ({ steps }, deps) => steps.run('sweep', () => sweepOutbox(deps.outbox.withSystem, deps.outbox.dispatcher)),
});
