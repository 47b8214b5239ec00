import type { WithSystem } from '../../db/boundary';
import { config } from '../config';
import { countDead, deadLetterExhausted, pendingEvents } from '../events/outbox';
import type { Dispatcher } from './dispatch';

/**
 * Re-sends events that were recorded but never acknowledged (Inngest down, process crashed
 * between commit and send, or mid-reply for a turn's event). Each is dispatched under its own
 * user; the event id keeps a re-send from being processed twice. Events that used up their
 * attempts are dead-lettered, so they never fill the page: `gaveUp` counts those this sweep
 * dead-lettered (its last failed attempt, or rows that had used theirs up already).
 */
export async function sweepOutbox(withSystem: WithSystem, dispatcher: Dispatcher, now = new Date()): Promise<{ resent: number; gaveUp: number }> {
  const exhausted = await deadLetterExhausted(withSystem);
  const rows = await pendingEvents(withSystem, { now, olderThanMs: config.jobs.outboxSweepAfterMs, limit: config.jobs.outboxSweepBatch });
  for (const row of rows) await dispatcher.dispatch(row);
  const diedNow = rows.length > 0 ? await countDead(withSystem, rows.map((r) => r.id)) : 0;
  return { resent: rows.length, gaveUp: exhausted + diedNow };
}
