import { Inngest } from 'inngest';
import { env } from '../server/env';

/**
 * Inngest is used when it is configured (Inngest Cloud via INNGEST_EVENT_KEY/SIGNING_KEY, or a
 * dev/self-hosted server via INNGEST_DEV / INNGEST_BASE_URL). Otherwise background work runs
 * in-process (server/events/in-process.ts) with the same function bodies.
 */
export function inngestConfigured(): boolean {
  const e = env();
  return Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_DEV || e.INNGEST_BASE_URL);
}

export const inngest = new Inngest({ id: 'mindbase' });
