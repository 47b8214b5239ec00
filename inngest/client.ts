import { Inngest } from 'inngest';
import { registerInngestTransport } from '../server/jobs/event-transport';

export const inngest = new Inngest({ id: 'mindbase' });

/**
 * Lets server code send events to Inngest without importing this folder: server/jobs/ asks for
 * "the Inngest transport" only when Inngest is configured (server/jobs/job-mode.ts). Called by
 * instrumentation.ts, the serve route and scripts/jobs.ts; calling it again changes nothing.
 */
export function useInngestTransport(): void {
  registerInngestTransport({ send: (events) => inngest.send(events) });
}
