/**
 * Embedded mode (no Inngest): the daily lifecycle jobs on timers in this process, at the same
 * UTC times as the Inngest crons. Runs are idempotent, so two processes firing both is harmless.
 */
import { InProcessSteps } from '../steps';
import { loggableError } from '../logging/loggable-error';
import { DAY_MS } from './clock';
import type { ConsolidationBody } from './consolidate-body';
import type { LifecycleBodies } from './job-bodies';

/** Milliseconds from `now` to the next hh:mm UTC (tomorrow's when today's has passed). */
export function msUntilNextUtc(now: Date, hour: number, minute: number): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute);
  const wait = next - now.getTime();
  return wait > 0 ? wait : wait + DAY_MS;
}

function daily(name: string, hour: number, minute: number, task: () => Promise<unknown>): void {
  const arm = () => {
    setTimeout(() => {
      task()
        .then((report) => console.info(`[jobs] ${name} done`, JSON.stringify(report).slice(0, 500)))
        .catch((error: unknown) => console.error(`[jobs] ${name} failed; next run tomorrow`, loggableError(error)))
        .finally(arm);
    }, msUntilNextUtc(new Date(), hour, minute)).unref();
  };
  arm();
}

const noEvents = () => Promise.reject(new Error('lifecycle jobs send no events'));

/** Decay at 03:00 UTC, retention at 03:30 UTC, daily (config.lifecycle.decayCron/retentionCron). */
export function startLifecycleTimers(bodies: LifecycleBodies, consolidate?: ConsolidationBody): void {
  daily('decay', 3, 0, () => bodies.decay(new InProcessSteps(noEvents), {}));
  daily('retention', 3, 30, () => bodies.retention(new InProcessSteps(noEvents), {}));
  // Weekly, like the Inngest cron: the 04:00 UTC slot only acts on Sundays.
  if (consolidate) {
    daily('consolidate', 4, 0, () =>
      new Date().getUTCDay() === 0 ? consolidate(new InProcessSteps(noEvents), {}) : Promise.resolve('not Sunday'),
    );
  }
}

/**
 * Embedded database housekeeping (db/maintenance.ts): once shortly after start-up, so a database
 * restored or upgraded gets statistics the same day, then daily at 04:30 UTC.
 */
export function startMaintenanceTimers(task: () => Promise<unknown>, firstRunAfterMs: number): void {
  setTimeout(() => {
    task().catch((error: unknown) => console.error('[jobs] maintenance failed; next run at 04:30 UTC', loggableError(error)));
  }, firstRunAfterMs).unref();
  daily('maintenance', 4, 30, task);
}
