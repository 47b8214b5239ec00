/**
 * Embedded mode (no Inngest configured): background functions run in this process, after the
 * response, with the same bodies as on Inngest. Work for one user runs one at a time, as
 * Inngest's per-user concurrency key does (the memory lock in Postgres backs this up across
 * processes).
 */
import type { EventPayload } from '../events/define-event';
import { loggableError } from '../logging/loggable-error';
import type { JobBody } from './functions';
import { InProcessSteps } from '../steps';

export interface InProcessRunner {
  run(name: string, data: unknown): Promise<unknown>;
  /** Resolves when every queued run has finished (tests and graceful shutdown). */
  idle(): Promise<void>;
}

/**
 * Runs of events in `ownLane` queue per user in a lane of their own: a long import or sweep
 * (minutes, paced) must not hold the user's extraction back; both take the user's memory lock
 * per transaction, so their writes still never interleave.
 */
function queueKey(name: string, data: unknown, ownLane: ReadonlySet<string>): string {
  const userId = (data as { userId?: unknown } | null)?.userId;
  if (typeof userId !== 'string') return 'global';
  return ownLane.has(name) ? `${name}:${userId}` : `user:${userId}`;
}

export function createInProcessRunner(bodies: Record<string, JobBody>, options: { ownLane?: readonly string[] } = {}): InProcessRunner {
  const ownLane = new Set(options.ownLane ?? []);
  const queues = new Map<string, Promise<unknown>>();

  const serialised = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const next = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(task);
    queues.set(key, next);
    const cleanup = () => {
      if (queues.get(key) === next) queues.delete(key);
    };
    next.then(cleanup, cleanup);
    return next;
  };

  // Events sent from inside a function start new runs, not awaited: a fan-out must not wait on
  // the queue it was sent from.
  const sendLocal = (events: EventPayload[]): Promise<{ ids: string[] }> => {
    for (const event of events) {
      run(event.name, event.data).catch((error: unknown) => console.error(`[jobs] in-process ${event.name} failed`, loggableError(error)));
    }
    return Promise.resolve({ ids: [] });
  };

  function run(name: string, data: unknown): Promise<unknown> {
    const body = bodies[name];
    if (!body) return Promise.reject(new Error(`No background function handles ${name}`));
    return serialised(queueKey(name, data, ownLane), () => body(new InProcessSteps(sendLocal), data));
  }

  return {
    run,
    async idle() {
      while (queues.size > 0) await Promise.allSettled([...queues.values()]);
    },
  };
}
