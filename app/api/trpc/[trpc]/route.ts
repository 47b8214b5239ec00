import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createContext } from '@/server/api/context';
import { appRouter } from '@/server/api/root';
import { assertSameOriginJson } from '@/server/api/same-origin';
import { env } from '@/server/env';
import { errorResponse } from '@/server/errors';
import { loggableError } from '@/server/logging/loggable-error';

/**
 * Mutations (POST) must be same-origin JSON (server/api/same-origin.ts): a cross-site form can
 * only send form-encoded or text/plain bodies, and a cross-site fetch carries another Origin.
 */
function rejectCrossSite(req: Request): Response | null {
  try {
    assertSameOriginJson(req, env().AUTH_URL);
    return null;
  } catch (error) {
    return errorResponse(error);
  }
}

const handler = (req: Request) =>
  rejectCrossSite(req) ??
  fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext,
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}`, loggableError(error.cause ?? error));
    },
  });

export { handler as GET, handler as POST };
