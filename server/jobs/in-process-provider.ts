/**
 * The in-process provider: with no Inngest configured, the registry's jobs run in this process
 * with their definitions' own options, the ones the Inngest adapter hands to Inngest:
 *  - cron: croner schedules on the very cron strings of the Inngest triggers (config);
 *  - debounce: a burst of events with one key makes one run, `period` after the last of them
 *    and with its data, never later than `timeout` after the first;
 *  - concurrency: runs in one lane (the job's own key, or a shared one such as a user's
 *    memory) queue one behind the other. A run keeps its lane while it waits to retry, where
 *    Inngest frees the slot between attempts; the Postgres memory lock backs the lanes up;
 *  - singleton 'skip': a run due while one of the job is going is skipped;
 *  - retries: a failing step is tried again after a backoff (config.jobs.retryBackoff), up to
 *    the job's `retries`, before its error reaches the body; a run that fails outside a step is
 *    run again with its completed steps memoised. The memo is in memory only: a run lost with
 *    the process starts over when the outbox sweeper re-sends its event (bodies are idempotent).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { config } from '../config';
import type { EventPayload } from '../events/define-event';
import { loggableError } from '../logging/loggable-error';
import { InProcessSteps, type StepRetries } from '../steps';
import { cronSchedule, nextCronRun } from './cron';
import type { Job } from './define-job';
import type { JobDeps } from './deps';
import { durationMs } from './duration';
import type { EventTransport } from './event-transport';

export interface InProcessProvider extends EventTransport {
  /** Runs every job the event triggers; resolves with the outcome once they finished (debounce, queue and retries included). */
  run(event: EventPayload): Promise<unknown>;
  /** Hands events over without waiting for their runs (a fan-out, a launcher); failures are logged. */
  send(events: EventPayload[]): Promise<void>;
  /** Runs one job now, by id (a cron tick, a test). */
  trigger(jobId: string, data?: Record<string, unknown>): Promise<unknown>;
  /** Starts the cron jobs' schedules; returns what stops them. */
  schedule(): () => void;
  /** When each cron job runs next after `from`. */
  nextRuns(from: Date): Record<string, Date | null>;
  /** Resolves when no run is queued, waiting out a debounce or running (tests, shutdown, scripts). */
  idle(): Promise<void>;
}

export interface InProcessOptions {
  /** Multiplies every wait (debounce, retry backoff): 1 in the app; tests pass 0 so nothing waits on the clock. */
  timeScale?: number;
}

/** The wait before retry n (1-based): doubling from firstMs, capped at maxMs. */
export function retryDelayMs(retry: number, backoff: { firstMs: number; maxMs: number } = config.jobs.retryBackoff): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** (retry - 1));
}

interface Burst {
  data: Record<string, unknown>;
  deadline: number;
  timer?: ReturnType<typeof setTimeout>;
  waiters: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[];
}

export function createInProcessProvider(jobs: readonly Job[], deps: JobDeps, options: InProcessOptions = {}): InProcessProvider {
  const scale = options.timeScale ?? 1;
  const lanes = new Map<string, Promise<unknown>>();
  const going = new Set<string>();
  const bursts = new Map<string, Burst>();
  const inflight = new Set<Promise<unknown>>();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inflight.add(promise);
    const done = () => inflight.delete(promise);
    promise.then(done, done);
    return promise;
  };

  const inLane = <T>(lane: string | undefined, task: () => Promise<T>): Promise<T> => {
    if (lane === undefined) return task();
    const next = (lanes.get(lane) ?? Promise.resolve()).catch(() => undefined).then(task);
    lanes.set(lane, next);
    const cleanup = () => {
      if (lanes.get(lane) === next) lanes.delete(lane);
    };
    next.then(cleanup, cleanup);
    return next;
  };

  async function attempts(job: Job, data: Record<string, unknown>): Promise<unknown> {
    const completed = new Map<string, unknown>();
    const retry: StepRetries = { retries: job.retries, delayMs: (n) => retryDelayMs(n) * scale };
    for (let attempt = 1; ; attempt += 1) {
      const steps = new InProcessSteps(send, completed, retry);
      try {
        return await job.run(steps, data, deps);
      } catch (error) {
        // A step's error after its own retries is final, as on Inngest.
        if (steps.gaveUpOn(error) || attempt > job.retries) throw error;
        await sleep(retry.delayMs(attempt));
      }
    }
  }

  function start(job: Job, data: Record<string, unknown>): Promise<unknown> {
    if (job.singleton === 'skip') {
      if (going.has(job.id)) {
        console.info(`[jobs] ${job.id}: the last run is still going; this one is skipped`);
        return Promise.resolve({ skipped: 'a run was still going' });
      }
      going.add(job.id);
    }
    const lane = job.concurrency && `${job.concurrency.shared ?? job.id}:${String(data[job.concurrency.key])}`;
    return inLane(lane, () => attempts(job, data)).finally(() => {
      if (job.singleton === 'skip') going.delete(job.id);
    });
  }

  function debounced(job: Job, debounce: NonNullable<Job['debounce']>, data: Record<string, unknown>): Promise<unknown> {
    const key = `${job.id}:${String(data[debounce.key])}`;
    const now = Date.now();
    return new Promise((resolve, reject) => {
      const burst = bursts.get(key) ?? { data, deadline: debounce.timeout ? now + durationMs(debounce.timeout) * scale : Infinity, waiters: [] };
      bursts.set(key, burst);
      clearTimeout(burst.timer);
      burst.data = data;
      burst.waiters.push({ resolve, reject });
      const fireAt = Math.min(now + durationMs(debounce.period) * scale, burst.deadline);
      burst.timer = setTimeout(() => {
        bursts.delete(key);
        start(job, burst.data).then(
          (value) => burst.waiters.forEach((w) => w.resolve(value)),
          (error: unknown) => burst.waiters.forEach((w) => w.reject(error)),
        );
      }, Math.max(0, fireAt - now));
    });
  }

  async function runJob(job: Job, raw: unknown): Promise<unknown> {
    // Invalid data is refused at once: no retry makes it valid.
    const data = job.schema.parse(raw ?? {});
    return job.debounce ? debounced(job, job.debounce, data) : start(job, data);
  }

  function run(event: EventPayload): Promise<unknown> {
    const matching = jobs.filter((job) => 'event' in job.trigger && job.trigger.event.name === event.name);
    if (matching.length === 0) return Promise.reject(new Error(`No background job handles ${event.name}`));
    return track(Promise.all(matching.map((job) => runJob(job, event.data))).then((results) => (results.length === 1 ? results[0] : results)));
  }

  // Events sent from inside a job start new runs, not awaited: a fan-out must not wait on the
  // lane it was sent from.
  function send(events: EventPayload[]): Promise<void> {
    for (const event of events) run(event).catch((error: unknown) => console.error(`[jobs] in-process ${event.name} failed`, loggableError(error)));
    return Promise.resolve();
  }

  function trigger(jobId: string, data: Record<string, unknown> = {}): Promise<unknown> {
    const job = jobs.find((j) => j.id === jobId);
    if (!job) return Promise.reject(new Error(`No background job is called ${jobId}`));
    return track(runJob(job, data));
  }

  const cronJobs = () => jobs.flatMap((job) => ('cron' in job.trigger ? [{ job, cron: job.trigger.cron }] : []));

  return {
    run,
    send,
    trigger,
    schedule() {
      const schedules = cronJobs().map(({ job, cron }) => {
        // A job due more often than hourly (the sweeper, every minute) logs only its failures.
        const next = nextCronRun(cron, new Date());
        const frequent = next !== null && (nextCronRun(cron, next)?.getTime() ?? Infinity) - next.getTime() < 3_600_000;
        return cronSchedule(cron, () => {
          trigger(job.id)
            .then((report) => {
              if (!frequent) console.info(`[jobs] ${job.id} done`, JSON.stringify(report ?? null).slice(0, 500));
            })
            .catch((error: unknown) => console.error(`[jobs] ${job.id} failed after ${job.retries} retries; next run on schedule (${cron})`, loggableError(error)));
        });
      });
      return () => schedules.forEach((s) => s.stop());
    },
    nextRuns: (from) => Object.fromEntries(cronJobs().map(({ job, cron }) => [job.id, nextCronRun(cron, from)])),
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}
