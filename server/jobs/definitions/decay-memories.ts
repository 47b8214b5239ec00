import { config } from '../../config';
import { runDecay } from '../../lifecycle/run-decay';
import { lifecycleJob } from './lifecycle-job';

/** Daily decay (SPEC §6) at config.lifecycle.decayCron. */
export const decayMemoriesJob = lifecycleJob('decay-memories', config.lifecycle.decayCron, (steps, request, deps) => runDecay(steps, request, deps.lifecycle));
