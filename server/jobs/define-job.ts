/**
 * One definition per background job (the shape of documenso's JobDefinition): id, trigger (an
 * event contract or a cron string), concurrency, debounce, singleton, retries, and a handler
 * over the step interface. The in-process provider (in-process-provider.ts) and the Inngest
 * adapter (inngest/) both run these definitions and read every option from here.
 */
import type { z } from 'zod';
import type { EventContract, EventSchema } from '../events/define-event';
import type { Steps } from '../steps';
import type { JobDeps } from './deps';
import type { Duration } from './duration';

/** Inngest allows 0 to 20. */
export type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

type DataKey<S extends EventSchema> = keyof z.output<S> & string;

export interface JobOptions<K extends string = string> {
  id: string;
  /**
   * One run at a time per value of `data[key]`. With `shared`, the lane is shared by every job
   * that names it (Inngest: a key prefixed with it, scope "env"); without, it is this job's own.
   */
  concurrency?: { key: K; shared?: string };
  /**
   * A burst of events with the same `data[key]` makes one run, `period` after the last of them
   * and with its data, never later than `timeout` after the first.
   */
  debounce?: { key: K; period: Duration; timeout?: Duration };
  /** One run of the job at a time: a run due while one is going is skipped, not queued. */
  singleton?: 'skip';
  /** Tries after the first, for each step (and for the run when it fails outside a step). */
  retries: Retries;
}

export type JobTrigger<S extends EventSchema> =
  | { event: EventContract<string, S> }
  /** A schedule; `schema` is what a run by hand (npm run jobs, tests) may pass as data. */
  | { cron: string; schema: S };

export interface JobDefinition<S extends EventSchema> extends JobOptions<DataKey<S>> {
  trigger: JobTrigger<S>;
  handler: (run: { data: z.output<S>; steps: Steps }, deps: JobDeps) => Promise<unknown>;
}

/** A job as the providers see it: the data is validated by `run`. */
export interface Job extends JobOptions {
  trigger: { event: EventContract } | { cron: string };
  schema: EventSchema;
  run(steps: Steps, data: unknown, deps: JobDeps): Promise<unknown>;
}

export function defineJob<S extends EventSchema>(definition: JobDefinition<S>): Job {
  const { trigger, handler, ...options } = definition;
  const schema = 'event' in trigger ? trigger.event.schema : trigger.schema;
  return {
    ...options,
    trigger: 'event' in trigger ? { event: trigger.event } : { cron: trigger.cron },
    schema,
    // A cron run's data is Inngest's { cron } (or nothing in-process): the schema drops what it does not name.
    run: (steps, data, deps) => handler({ data: schema.parse(data ?? {}), steps }, deps),
  };
}

/** Every job that writes a user's memories takes this lane, so they never run at once for one user. */
export const USER_MEMORY_LANE = { key: 'userId', shared: 'user' } as const;
