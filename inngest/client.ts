import { Inngest } from 'inngest';
import { env, type Env } from '../server/env';

/**
 * Inngest is used when it is configured: Inngest Cloud or a self-hosted server with keys
 * (INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY, plus INNGEST_BASE_URL when self-hosted), or the dev
 * server with INNGEST_DEV=1. INNGEST_BASE_URL alone does not count: the SDK stays in cloud mode
 * and cannot send without a key. Otherwise background work runs in-process with the same bodies.
 */
export function inngestConfigured(e: Env = env()): boolean {
  const dev = e.INNGEST_DEV !== undefined && !['0', 'false'].includes(e.INNGEST_DEV.toLowerCase());
  return Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_SIGNING_KEY || dev);
}

export const inngest = new Inngest({ id: 'mindbase' });
