import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createContext } from '@/server/api/context';
import { appRouter } from '@/server/api/root';
import { AppError, errorResponse } from '@/server/errors';

/**
 * Mutations (POST) must carry a JSON body: a cross-site HTML form can only send
 * form-encoded or text/plain bodies, so it can never reach a procedure.
 */
function rejectNonJsonPost(req: Request): Response | null {
  if (req.method !== 'POST') return null;
  const type = req.headers.get('content-type') ?? '';
  if (type.split(';')[0]?.trim().toLowerCase() === 'application/json') return null;
  return errorResponse(new AppError('unsupported_media_type:api', 'API calls must send Content-Type: application/json.'));
}

const handler = (req: Request) =>
  rejectNonJsonPost(req) ??
  fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext,
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}`, error.cause ?? error);
    },
  });

export { handler as GET, handler as POST };
