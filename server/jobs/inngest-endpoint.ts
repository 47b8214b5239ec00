/**
 * The gate in front of Inngest's serve handler (issue 14, item 7). Anonymous requests to
 * /api/inngest must never run a function or answer 500:
 *  - no Inngest configured: there is nothing to serve (jobs run in-process) → 404;
 *  - Inngest configured but no INNGEST_SIGNING_KEY and not dev mode: the SDK could verify
 *    nothing and would answer 500 → 401;
 *  - dev mode (INNGEST_DEV) skips signature checks, so anyone could run a function with data of
 *    their choosing and read its step results: refused in a production build (NODE_ENV) → 401;
 *  - otherwise the SDK checks the signature of every request (unsigned → 401).
 */
import { inngestConfigured, inngestDevMode } from './job-mode';
import { type Env, env } from '../env';

type Method = 'GET' | 'POST' | 'PUT';

export type EndpointState = 'off' | 'unverifiable' | 'dev-in-production' | 'serve';

export function inngestEndpointState(e: Env = env()): EndpointState {
  if (!inngestConfigured(e)) return 'off';
  if (inngestDevMode(e)) return e.NODE_ENV === 'production' ? 'dev-in-production' : 'serve';
  return e.INNGEST_SIGNING_KEY ? 'serve' : 'unverifiable';
}

const REFUSALS: Record<Exclude<EndpointState, 'serve'>, { status: number; code: string; message: string }> = {
  off: { status: 404, code: 'not_found:api', message: 'No Inngest is configured: background jobs run inside the app.' },
  unverifiable: { status: 401, code: 'unauthorized:api', message: 'INNGEST_SIGNING_KEY is not set, so no request here can be verified.' },
  'dev-in-production': { status: 401, code: 'unauthorized:api', message: 'INNGEST_DEV is for local development; a production build needs INNGEST_SIGNING_KEY.' },
};

let warned = false;

export function guardInngestEndpoint<H extends (...args: never[]) => Promise<Response>>(
  handlers: Record<Method, H>,
  state: () => EndpointState = inngestEndpointState,
): Record<Method, H> {
  const guard = (handler: H): H =>
    ((...args: Parameters<H>) => {
      const current = state();
      if (current === 'serve') return handler(...args);
      const refusal = REFUSALS[current];
      if (current !== 'off' && !warned) {
        warned = true;
        console.warn(`[jobs] /api/inngest refused: ${refusal.message}`);
      }
      return Promise.resolve(Response.json({ code: refusal.code, message: refusal.message }, { status: refusal.status }));
    }) as H;
  return { GET: guard(handlers.GET), POST: guard(handlers.POST), PUT: guard(handlers.PUT) };
}
