import { cron } from 'inngest';
import type { ConsolidationBody } from '../../server/lifecycle/consolidate-body';
import { consolidationConfig } from '../../server/lifecycle/consolidate-config';
import { consolidationBody } from '../../server/lifecycle/consolidate-production';
import { inngest } from '../client';

/**
 * Weekly consolidation (SPEC §6), Sunday 04:00 UTC, off-peak. One run at a time (a late run is
 * skipped, not queued); per-user safety comes from the Postgres memory lock each user's write
 * transaction takes, which extraction shares. Retries resume at the batch that failed.
 */
export function makeConsolidateFunction(body: ConsolidationBody) {
  return inngest.createFunction(
    { id: 'consolidate-memories', triggers: [cron(consolidationConfig.cron)], singleton: { key: '"consolidate"', mode: 'skip' }, retries: 4 },
    async ({ event, step }) => body(step, event.data),
  );
}

export const consolidateFunction = makeConsolidateFunction(consolidationBody);
