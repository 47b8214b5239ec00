/**
 * Issue 14, item 7: anonymous requests to /api/inngest never run a function and never answer
 * 500 — with no Inngest configured (the route answered 500 before: the SDK found no signing
 * key), with Inngest configured and a signing key (the SDK checks signatures), with only an
 * event key, and with dev mode in a production build.
 */
import { Inngest } from 'inngest';
import { serve } from 'inngest/next';
import { describe, expect, it } from 'vitest';
import { GET, POST, PUT } from '@/app/api/inngest/route';
import { parseEnv } from '@/server/env';
import { guardInngestEndpoint, inngestEndpointState } from '@/server/jobs/inngest-endpoint';

const URL_BASE = 'http://localhost:3000/api/inngest';
/** What the Inngest executor POSTs to run a function's step. */
const runRequest = (fnId: string, headers: Record<string, string> = {}) =>
  new Request(`${URL_BASE}?fnId=${fnId}&stepId=step`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      event: { name: 'memory/turn.completed', data: { userId: 'victim' } },
      events: [{ name: 'memory/turn.completed', data: { userId: 'victim' } }],
      steps: {},
      ctx: { run_id: 'r1', attempt: 0, stack: { stack: [], current: 0 } },
    }),
  });

/** A served function that records whether it ran, behind the same gate as the app's route. */
function gatedProbe(vars: Record<string, string>) {
  let ran = false;
  const client = new Inngest({
    id: 'probe',
    ...(vars.INNGEST_DEV ? { isDev: true } : {}),
    ...(vars.INNGEST_SIGNING_KEY ? { signingKey: vars.INNGEST_SIGNING_KEY } : {}),
  });
  const fn = client.createFunction({ id: 'fn', triggers: [{ event: 'memory/turn.completed' }] }, () => {
    ran = true;
    return Promise.resolve('ran');
  });
  const handlers = guardInngestEndpoint(serve({ client, functions: [fn] }), () => inngestEndpointState(parseEnv(vars)));
  return { handlers, ran: () => ran };
}

describe('/api/inngest', () => {
  it('with no Inngest configured answers 404 to every method and serves nothing', async () => {
    for (const [handler, request] of [
      [GET, new Request(URL_BASE)],
      [PUT, new Request(URL_BASE, { method: 'PUT' })],
      [POST, runRequest('mindbase-extract-memories')],
    ] as const) {
      const response = await handler(request as never, {});
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found:api' });
    }
  });

  it('with a signing key, unsigned and forged requests are 401 and the function does not run', async () => {
    const probe = gatedProbe({ INNGEST_SIGNING_KEY: 'signkey-prod-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' });
    expect((await probe.handlers.POST(runRequest('probe-fn') as never, {})).status).toBe(401);
    const forged = runRequest('probe-fn', { 'x-inngest-signature': `t=${Math.floor(Date.now() / 1000)}&s=${'ab'.repeat(32)}` });
    expect((await probe.handlers.POST(forged as never, {})).status).toBe(401);
    expect((await probe.handlers.GET(new Request(URL_BASE) as never, {})).status).toBe(401);
    expect(probe.ran()).toBe(false);
  });

  it('with only an event key (nothing to verify with) every request is 401, not the SDK 500', async () => {
    const probe = gatedProbe({ INNGEST_EVENT_KEY: 'event-key' });
    for (const request of [new Request(URL_BASE), runRequest('probe-fn')]) {
      const response = await probe.handlers[request.method as 'GET' | 'POST'](request as never, {});
      expect(response.status).toBe(401);
    }
    expect(probe.ran()).toBe(false);
  });

  it('dev mode, which checks no signature, is refused in a production build', async () => {
    const probe = gatedProbe({ INNGEST_DEV: '1', NODE_ENV: 'production' });
    const response = await probe.handlers.POST(runRequest('probe-fn') as never, {});
    expect(response.status).toBe(401);
    expect(probe.ran()).toBe(false);
    // The same dev mode under `next dev` serves the local dev server as Inngest intends.
    expect(inngestEndpointState(parseEnv({ INNGEST_DEV: '1', NODE_ENV: 'development' }))).toBe('serve');
  });
});
