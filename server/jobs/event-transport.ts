/**
 * Where events for background jobs go. The in-process provider is one transport; the Inngest
 * one is built in inngest/ (the adapter) and registered at start-up (instrumentation.ts, the
 * serve route, scripts), so nothing in server/ imports the adapter.
 */
import type { EventPayload } from '../events/define-event';

export interface EventTransport {
  /** Resolves once the events are handed over, not when their runs finish. */
  send(events: EventPayload[]): Promise<unknown>;
}

// Under `next start` the start-up hook and the route bundles each load their own copy of this
// module (Next.js bundles them separately); one process shares one globalThis, so the
// registration lives there.
const SLOT = Symbol.for('mindbase.jobs.inngest-transport');
const slot = globalThis as typeof globalThis & { [SLOT]?: EventTransport };

export function registerInngestTransport(transport: EventTransport): void {
  slot[SLOT] = transport;
}

export function inngestTransport(): EventTransport {
  const transport = slot[SLOT];
  if (!transport) throw new Error('Inngest is configured but no Inngest transport was registered (inngest/transport.ts, called from instrumentation.ts)');
  return transport;
}
