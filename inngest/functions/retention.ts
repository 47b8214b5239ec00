import { cron } from 'inngest';
import { config } from '../../server/config';
import type { LifecycleBodies } from '../../server/lifecycle/job-bodies';
import { lifecycleBodies } from '../../server/lifecycle/production';
import { inngest } from '../client';

/** Daily raw-log retention purge (SPEC §1), 03:30 UTC, after decay; same safety as decay. */
export function makeRetentionFunction(bodies: LifecycleBodies) {
  return inngest.createFunction(
    { id: 'retention-purge', triggers: [cron(config.lifecycle.retentionCron)], singleton: { key: '"retention"', mode: 'skip' }, retries: 4 },
    async ({ event, step }) => bodies.retention(step, event.data),
  );
}

export const retentionFunction = makeRetentionFunction(lifecycleBodies);
