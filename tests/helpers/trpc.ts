import { userDb } from '@/db/boundary';
import { appRouter } from '@/server/api/root';
import { createCallerFactory } from '@/server/api/trpc';
import type { TestDatabase } from './db';

const createCaller = createCallerFactory(appRouter);

/** A tRPC caller with the same context the HTTP route builds, for `userId` (or signed out). */
export function callerFor(t: TestDatabase, user: { id: string; email?: string } | null) {
  return createCaller({
    user: user ? { id: user.id, email: user.email ?? null, name: null } : null,
    db: user ? userDb(t.withUser, user.id) : null,
  });
}
