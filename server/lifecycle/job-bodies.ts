/**
 * The decay and retention bodies as both runners call them: `(steps, data)`. "Now" comes from
 * the payload (`npm run jobs -- --now`, tests) or from the clock inside a step, so every replay
 * of a run (Inngest re-executes the body per step) sees the same instant.
 */
import { z } from 'zod';
import type { Steps } from '../steps';
import { systemClock, type Clock } from './clock';
import { runDecay, type JobRequest, type LifecycleDeps } from './run-decay';
import { runRetention } from './run-retention';

export const lifecycleJobData = z.object({
  now: z.iso.datetime({ offset: true }).optional(),
  userId: z.string().min(1).optional(),
  dryRun: z.boolean().optional(),
});
export type LifecycleJobData = z.infer<typeof lifecycleJobData>;

async function requestOf(steps: Steps, data: unknown, clock: Clock): Promise<JobRequest> {
  // A cron event carries its own fields ({ cron }); unknown keys are dropped by the schema.
  const parsed = lifecycleJobData.parse(data ?? {});
  const now = parsed.now ?? (await steps.run('clock', () => Promise.resolve(clock().toISOString())));
  return { now: new Date(now), userId: parsed.userId, dryRun: parsed.dryRun };
}

export function createLifecycleBodies(deps: () => LifecycleDeps, clock: Clock = systemClock) {
  return {
    decay: async (steps: Steps, data: unknown) => runDecay(steps, await requestOf(steps, data, clock), deps()),
    retention: async (steps: Steps, data: unknown) => runRetention(steps, await requestOf(steps, data, clock), deps()),
  };
}

export type LifecycleBodies = ReturnType<typeof createLifecycleBodies>;
