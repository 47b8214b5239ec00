/**
 * tRPC v11 setup. The context carries the session user and a database handle bound to that
 * user (UserDb), which can only run queries inside withUser for them. Procedures never receive
 * a bare database; row-level security authorises every query they make.
 */
import 'server-only';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { UserDb } from '../../db/boundary';
import type { AccountDeps, RequestContext } from '../account/account-deps';
import type { SessionUser } from '../auth/session';
import type { BulkJobLauncher } from '../bulk/launcher';
import { AppError, type ErrorType } from '../errors';
import { NUL_MESSAGE, nulPath } from '../input/nul-bytes';

export interface Context {
  user: SessionUser | null;
  /** Bound to `user`; null when signed out. */
  db: UserDb | null;
  /** Hands bulk jobs (import, delete all, account deletion) to the background, on this database. */
  jobs: BulkJobLauncher;
  /** Issue 18: what the account-lifecycle procedures need (links, mail, limits) and where the request came from. */
  account?: { deps: AccountDeps; request: RequestContext };
}

const TRPC_CODE: Record<ErrorType, TRPCError['code']> = {
  bad_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  rate_limited: 'TOO_MANY_REQUESTS',
  provider_error: 'BAD_GATEWAY',
  internal: 'INTERNAL_SERVER_ERROR',
};

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      // Internal errors keep their generic message; details go to the server log only.
      message: error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof AppError) ? 'Something went wrong on our side.' : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        appCode: cause instanceof AppError ? cause.code : null,
        fields: cause instanceof AppError ? (cause.fields ?? null) : null,
        zodIssues: cause instanceof ZodError ? cause.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) : null,
      },
    };
  },
});

/** Turns our typed errors into tRPC errors with the matching status. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.type], message: cause.message, cause });
  }
  return result;
});

/** NUL bytes anywhere in the input are a 400 naming the field, before any procedure runs. */
const noNulBytes = t.middleware(async ({ getRawInput, next }) => {
  const path = nulPath(await getRawInput());
  if (path) throw new TRPCError({ code: 'BAD_REQUEST', message: `${path} ${NUL_MESSAGE}` });
  return next();
});

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors).use(noNulBytes);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.db) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  return next({ ctx: { user: ctx.user, db: ctx.db } });
});
