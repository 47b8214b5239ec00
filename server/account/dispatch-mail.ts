import 'server-only';
import { after } from 'next/server';
import { withUser } from '../database';
import type { OutboxRow } from '../events/outbox';
import { createDispatcher, defaultDeliver } from '../jobs/dispatch';
import { inProcessProvider } from '../jobs/production';
import { loggableError } from '../logging/loggable-error';

/**
 * Hands an enqueued account mail to the background after the response (in-process or Inngest),
 * so a slow or unreachable SMTP server never holds a request; a failure stays in the outbox for
 * the sweeper to retry.
 */
export function dispatchAfterResponse(row: OutboxRow): void {
  const dispatcher = createDispatcher(withUser, defaultDeliver(inProcessProvider));
  after(() => dispatcher.dispatch(row).catch((error: unknown) => console.error('[mail] dispatch failed', loggableError(error))));
}
