/**
 * What a decay, retention or consolidation run is asked to do, from its data. "Now" comes from
 * the data (`npm run jobs -- --now`, tests) or from the clock inside a step, so every replay of
 * a run (Inngest re-executes the body per step) sees the same instant.
 */
import { z } from 'zod';
import type { Steps } from '../steps';
import type { Clock } from './clock';
import type { JobRequest } from './run-decay';

export const lifecycleJobData = z.object({
  now: z.iso.datetime({ offset: true }).optional(),
  userId: z.string().min(1).optional(),
  dryRun: z.boolean().optional(),
});
export type LifecycleJobData = z.infer<typeof lifecycleJobData>;

export async function lifecycleRequest(steps: Steps, data: LifecycleJobData, clock: Clock): Promise<JobRequest> {
  const now = data.now ?? (await steps.run('clock', () => Promise.resolve(clock().toISOString())));
  return { now: new Date(now), userId: data.userId, dryRun: data.dryRun };
}
