import { cron } from 'inngest';
import { config } from '../../server/config';
import type { LifecycleBodies } from '../../server/lifecycle/job-bodies';
import { lifecycleBodies } from '../../server/lifecycle/production';
import { inngest } from '../client';

/**
 * Daily decay (SPEC §6), 03:00 UTC. One run at a time (a late run is skipped, not queued);
 * per-user safety comes from the Postgres memory lock each user's transaction takes, which
 * extraction shares. Retries resume at the batch that failed.
 */
export function makeDecayFunction(bodies: LifecycleBodies) {
  return inngest.createFunction(
    { id: 'decay-memories', triggers: [cron(config.lifecycle.decayCron)], singleton: { key: '"decay"', mode: 'skip' }, retries: 4 },
    async ({ event, step }) => bodies.decay(step, event.data),
  );
}

export const decayFunction = makeDecayFunction(lifecycleBodies);
