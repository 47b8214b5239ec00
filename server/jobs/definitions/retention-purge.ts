import { config } from '../../config';
import { runRetention } from '../../lifecycle/run-retention';
import { lifecycleJob } from './lifecycle-job';

/** Daily raw-log retention purge (SPEC §1) at config.lifecycle.retentionCron, after decay. */
export const retentionPurgeJob = lifecycleJob('retention-purge', config.lifecycle.retentionCron, (steps, request, deps) => runRetention(steps, request, deps.lifecycle));
