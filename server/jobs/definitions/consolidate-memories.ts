import { config } from '../../config';
import { runConsolidation } from '../../lifecycle/run-consolidation';
import { lifecycleJob } from './lifecycle-job';

/** Weekly consolidation (SPEC §6) at config.lifecycle.consolidation.cron, off-peak. */
export const consolidateMemoriesJob = lifecycleJob('consolidate-memories', config.lifecycle.consolidation.cron, (steps, request, deps) =>
  runConsolidation(steps, request, deps.consolidation),
);
