import { cron } from 'inngest';
import { withSystem, withUser } from '../../db';
import { createDispatcher, deliverToInngest } from '../../server/jobs/dispatch';
import { sweepOutbox } from '../../server/jobs/sweep-outbox';
import { inngest } from '../client';

/** Every minute: re-send turn events that were stored but never reached Inngest. */
export const sweepOutboxFn = inngest.createFunction(
  { id: 'sweep-outbox', triggers: [cron('* * * * *')], singleton: { key: '"sweep"', mode: 'skip' }, retries: 1 },
  async ({ step }) => step.run('sweep', () => sweepOutbox(withSystem, createDispatcher(withUser, deliverToInngest))),
);
