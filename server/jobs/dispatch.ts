import type { WithUser } from '../../db/boundary';
import { inngest, inngestConfigured } from '../../inngest/client';
import { markDispatched, markFailed, type OutboxRow } from '../events/outbox';
import { describeError, loggableError } from '../logging/loggable-error';
import type { InProcessRunner } from './in-process-runner';

export interface Dispatcher {
  /** Delivers one outbox event and records the outcome; never throws (the sweeper retries). */
  dispatch(row: OutboxRow): Promise<void>;
}

export type Deliver = (row: OutboxRow) => Promise<unknown>;

/** Inngest: accepted by Inngest. The event id dedups a re-send of the same turn for 24 h. */
export const deliverToInngest: Deliver = (row) => inngest.send({ name: row.event, data: row.payload, id: row.idempotencyKey });

/** In-process: the function ran to completion. */
export const deliverInProcess = (runner: InProcessRunner): Deliver => (row) => runner.run(row.event, row.payload);

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

export function jobMode(): 'inngest' | 'in-process' {
  return inngestConfigured() ? 'inngest' : 'in-process';
}

export function defaultDeliver(runner: InProcessRunner): Deliver {
  return jobMode() === 'inngest' ? deliverToInngest : deliverInProcess(runner);
}
