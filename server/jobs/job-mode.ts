import { env, type Env } from '../env';

/**
 * Inngest is used when it is configured: Inngest Cloud or a self-hosted server with keys
 * (INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY, plus INNGEST_BASE_URL when self-hosted), or the dev
 * server with INNGEST_DEV=1. INNGEST_BASE_URL alone does not count: the SDK stays in cloud mode
 * and cannot send without a key. Otherwise the same jobs run in-process.
 */
export function inngestConfigured(e: Env = env()): boolean {
  return Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_SIGNING_KEY || inngestDevMode(e));
}

export function inngestDevMode(e: Env = env()): boolean {
  return e.INNGEST_DEV !== undefined && !['0', 'false'].includes(e.INNGEST_DEV.toLowerCase());
}

export function jobMode(): 'inngest' | 'in-process' {
  return inngestConfigured() ? 'inngest' : 'in-process';
}
