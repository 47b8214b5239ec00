/**
 * The consolidation body as both runners call it: `(steps, data)`, like the decay and
 * retention bodies in job-bodies.ts. "Now" comes from the payload or from the clock inside a
 * step, so every replay of a run sees the same instant.
 */
import type { Steps } from '../steps';
import { systemClock, type Clock } from './clock';
import { lifecycleJobData } from './job-bodies';
import { runConsolidation, type ConsolidationDeps, type ConsolidationReport } from './run-consolidation';

export type ConsolidationBody = (steps: Steps, data: unknown) => Promise<ConsolidationReport>;

export function createConsolidationBody(deps: () => ConsolidationDeps, clock: Clock = systemClock): ConsolidationBody {
  return async (steps, data) => {
    // A cron event carries its own fields ({ cron }); unknown keys are dropped by the schema.
    const parsed = lifecycleJobData.parse(data ?? {});
    const now = parsed.now ?? (await steps.run('clock', () => Promise.resolve(clock().toISOString())));
    return runConsolidation(steps, { now: new Date(now), userId: parsed.userId, dryRun: parsed.dryRun }, deps());
  };
}
