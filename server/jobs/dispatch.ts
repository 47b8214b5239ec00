import type { WithUser } from '../../db/boundary';
import type { EventPayload } from '../events/define-event';
import { markDispatched, markFailed, type OutboxRow } from '../events/outbox';
import { describeError, loggableError } from '../logging/loggable-error';
import { inngestTransport, type EventTransport } from './event-transport';
import type { InProcessProvider } from './in-process-provider';
import { jobMode } from './job-mode';

export interface Dispatcher {
  /** Delivers one outbox event and records the outcome; never throws (the sweeper retries). */
  dispatch(row: OutboxRow): Promise<void>;
}

export type Deliver = (row: OutboxRow) => Promise<unknown>;

/** The row as an event; its id dedups a re-send of the same event on Inngest for 24 h. */
export const eventOf = (row: OutboxRow): EventPayload => ({ name: row.event, data: row.payload, id: row.idempotencyKey });

/** Inngest: accepted by Inngest, which runs (and retries) the jobs. */
export const deliverTo =
  (transport: () => EventTransport): Deliver =>
  (row) =>
    transport().send([eventOf(row)]);

/**
 * In-process: the jobs ran to their end, retries included. A run that still failed leaves the
 * row pending, so the sweeper re-sends it later (at most config.jobs.outboxMaxAttempts times):
 * with no Inngest keeping failed runs, the outbox is where they stay visible.
 */
export const deliverInProcess =
  (provider: Pick<InProcessProvider, 'run'>): Deliver =>
  (row) =>
    provider.run(eventOf(row));

/** Inngest when it is configured (its transport registered at start-up), otherwise `provider`. */
export function defaultDeliver(provider: Pick<InProcessProvider, 'run'>): Deliver {
  const inProcess = deliverInProcess(provider);
  const inngest = deliverTo(inngestTransport);
  return (row) => (jobMode() === 'inngest' ? inngest(row) : inProcess(row));
}

export function createDispatcher(withUser: WithUser, deliver: Deliver): Dispatcher {
  return {
    async dispatch(row) {
      try {
        await deliver(row);
        await markDispatched(withUser, row);
      } catch (error) {
        console.warn(`[jobs] ${row.event} ${row.idempotencyKey} not delivered yet (attempt ${row.attempts + 1}):`, describeError(error));
        await markFailed(withUser, row, error).catch((markError: unknown) => console.error('[jobs] could not record the failure', loggableError(markError)));
      }
    },
  };
}
