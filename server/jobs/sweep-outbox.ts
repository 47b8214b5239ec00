import type { WithSystem } from '../../db/boundary';
import { config } from '../config';
import { pendingEvents } from '../events/outbox';
import type { Dispatcher } from './dispatch';

/**
 * Re-sends events that were recorded but never acknowledged (Inngest down, process crashed
 * between commit and send). Each is dispatched under its own user; the event id keeps a
 * re-send from being processed twice.
 */
export async function sweepOutbox(withSystem: WithSystem, dispatcher: Dispatcher, now = new Date()): Promise<{ resent: number; gaveUp: number }> {
  const rows = await pendingEvents(withSystem, { now, olderThanMs: config.jobs.outboxSweepAfterMs, limit: config.jobs.outboxSweepBatch });
  let resent = 0;
  let gaveUp = 0;
  for (const row of rows) {
    if (row.attempts >= config.jobs.outboxMaxAttempts) {
      gaveUp += 1;
      continue;
    }
    await dispatcher.dispatch(row);
    resent += 1;
  }
  return { resent, gaveUp };
}
