import { ZodError } from 'zod';
import { userDb } from '@/db/boundary';
import { appRouter } from '@/server/api/root';
import { createCallerFactory } from '@/server/api/trpc';
import type { BulkJobLauncher } from '@/server/bulk/launcher';
import type { TestDatabase } from './db';
import { testLauncher } from './jobs';

const createCaller = createCallerFactory(appRouter);

/**
 * A tRPC caller with the same context the HTTP route builds, for `userId` (or signed out). Bulk
 * jobs run on the test database and finish before the mutation returns, unless `jobs` says otherwise.
 */
export function callerFor(t: TestDatabase, user: { id: string; email?: string } | null, jobs: BulkJobLauncher = testLauncher(t)) {
  return createCaller({
    user: user ? { id: user.id, email: user.email ?? null, name: null } : null,
    db: user ? userDb(t.withUser, user.id) : null,
    jobs,
  });
}

/** The field a 400 from an input schema names: the first zod issue's path, or null when zod did not refuse it. */
export function zodIssuePath(error: { cause?: unknown }): string | null {
  return error.cause instanceof ZodError ? (error.cause.issues[0]?.path.join('.') ?? null) : null;
}
