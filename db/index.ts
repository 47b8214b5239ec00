/**
 * The process-wide database. One connection per process, cached on globalThis so Next's dev
 * hot reload never opens a second PGlite on the same data directory.
 */
import path from 'node:path';
import { env } from '../server/env';
import { createWithUser, userDb, type UserDb, type WithUser } from './boundary';
import { connect, type Connection } from './connect';
import type { Database } from './types';

export const DEFAULT_PGLITE_DIR = path.join('.data', 'pglite');

export function connectFromEnv(): Connection {
  const { DATABASE_URL, PGLITE_DATA_DIR } = env();
  if (DATABASE_URL) return connect({ driver: 'node-postgres', url: DATABASE_URL });
  return connect({ driver: 'pglite', dataDir: path.resolve(/*turbopackIgnore: true*/ PGLITE_DATA_DIR ?? DEFAULT_PGLITE_DIR) });
}

const holder = globalThis as unknown as { __mindbaseDb?: { connection: Connection; withUser: WithUser } };

function instance() {
  if (!holder.__mindbaseDb) {
    const connection = connectFromEnv();
    holder.__mindbaseDb = { connection, withUser: createWithUser(connection.db) };
  }
  return holder.__mindbaseDb;
}

/** Runs fn as `userId` under row-level security. The only door to user data. */
export const withUser: WithUser = (userId, fn) => instance().withUser(userId, fn);

/** A handle scoped to one user, for server functions. */
export function forUser(userId: string): UserDb {
  return userDb(withUser, userId);
}

/**
 * The owner connection, which row-level security does not filter for superusers. Only for
 * work that has no user yet (Auth.js looking up an e-mail at sign-in, creating an account)
 * and for listing user ids for background jobs, which then work per user through withUser.
 */
export function systemDb(): Database {
  return instance().connection.db;
}

export function activeDriver() {
  return instance().connection.driver;
}
