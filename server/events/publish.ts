import 'server-only';
import { inngest, inngestConfigured } from '../../inngest/client';
import { turnCompleted, turnCompletedData, type TurnCompletedData } from '../../inngest/events';
import { dispatchInProcess } from './in-process';

export interface EventBus {
  turnCompleted(data: TurnCompletedData): Promise<void>;
}

/** Inngest when configured, otherwise the in-process dispatcher. */
export const defaultEventBus: EventBus = {
  async turnCompleted(data) {
    const payload = turnCompletedData.parse(data);
    if (inngestConfigured()) {
      // The event id makes a re-send of the same turn a no-op on Inngest's side.
      await inngest.send(turnCompleted.create(payload, { id: `turn-${payload.messageIds.join('-')}` }));
      return;
    }
    await dispatchInProcess(turnCompleted.name, payload);
  },
};
