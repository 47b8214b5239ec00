/**
 * The process-wide database. One connection per process, cached on globalThis so Next's dev
 * hot reload never opens a second PGlite on the same data directory. It reads the typed env, so it
 * is wiring and lives in server/; db/ (schema, row-level security, drivers) imports nothing of
 * server/ (README "Architecture", enforced by lint).
 */
import path from 'node:path';
import { env } from './env';
import { createWithSystem, createWithUser, userDb, type UserDb, type WithSystem, type WithUser } from '../db/boundary';
import { SYSTEM_ROLE } from '../db/schema/rls';
import { connect, type Connection } from '../db/connect';
import { createForegroundTracker, type ForegroundActivity, type ForegroundTracker } from '../db/foreground';
import type { Database } from '../db/types';

export const DEFAULT_PGLITE_DIR = path.join('.data', 'pglite');

export function connectFromEnv(): Connection {
  const { DATABASE_URL, PGLITE_DATA_DIR } = env();
  if (DATABASE_URL) return connect({ driver: 'node-postgres', url: DATABASE_URL });
  return connect({ driver: 'pglite', dataDir: path.resolve(/*turbopackIgnore: true*/ PGLITE_DATA_DIR ?? DEFAULT_PGLITE_DIR) });
}

interface Instance {
  connection: Connection;
  withUser: WithUser;
  withSystem: WithSystem;
  authDb?: Database;
}

const holder = globalThis as unknown as { __mindbaseDb?: Instance };

function instance() {
  if (!holder.__mindbaseDb) {
    const connection = connectFromEnv();
    holder.__mindbaseDb = { connection, withUser: createWithUser(connection.db), withSystem: createWithSystem(connection.db) };
  }
  return holder.__mindbaseDb;
}

const holderForeground = globalThis as unknown as { __mindbaseForeground?: ForegroundTracker };
const foreground = (holderForeground.__mindbaseForeground ??= createForegroundTracker());

/** Runs fn as `userId` under row-level security. The only door to user data. */
export const withUser: WithUser = foreground.track((userId, fn) => instance().withUser(userId, fn));

/**
 * The same door for background jobs: not counted as someone waiting. Jobs on the embedded
 * database pace themselves by `embeddedForeground()`.
 */
export const withUserForJobs: WithUser = (userId, fn) => instance().withUser(userId, fn);

/**
 * Foreground activity when background jobs share the embedded database's single backend with
 * people; null on Postgres, where each has its own connection and nothing needs pacing.
 */
export function embeddedForeground(): ForegroundActivity | null {
  return instance().connection.driver === 'pglite' ? foreground : null;
}

/**
 * Names, one thing each: `withUser` runs a transaction as a user (the door); a `UserDb` is a
 * handle bound to one user that domain functions take (db/boundary.ts `userDb(withUser, id)`
 * makes one); `userDbFor(id)` is that handle on this process's database for a request;
 * `withUserForJobs` is the door for background jobs (not counted as foreground).
 */
export function userDbFor(userId: string): UserDb {
  return userDb(withUser, userId);
}

/**
 * Runs fn as the system role (no user): sign-up, sign-in lookups, and listing users with pending
 * background work, which then happens per user through withUser.
 */
export const withSystem: WithSystem = (fn) => instance().withSystem(fn);

/**
 * The database handle for work that runs before any user is known and issues bare queries
 * rather than transactions: Auth.js's Drizzle adapter (OAuth account linking), the session
 * registry's check on every authenticated request and the rate-limit counters
 * (server/auth/session-registry.ts, server/ratelimit/). On Postgres a small pool whose sessions
 * act as the system role (each of those is one short statement); on PGlite the embedded
 * superuser connection.
 */
export function authAdapterDb(): Database {
  const current = instance();
  if (current.connection.driver === 'pglite') return current.connection.db;
  const url = env().DATABASE_URL;
  if (!url) throw new Error('authAdapterDb: DATABASE_URL vanished');
  current.authDb ??= connect({ driver: 'node-postgres', url, poolSize: 4, sessionRole: SYSTEM_ROLE }).db;
  return current.authDb;
}

/**
 * Makes `connection` this process's database, for tests that call the real route handlers on a
 * database they created. Call it before anything else reaches the database.
 */
export function useConnection(connection: Connection): void {
  holder.__mindbaseDb = { connection, withUser: createWithUser(connection.db), withSystem: createWithSystem(connection.db) };
}

/** The owner connection, for DDL only (per-model vector indexes at start-up); never for user data. */
export function ownerDb(): Database {
  return instance().connection.db;
}

export function activeDriver() {
  return instance().connection.driver;
}
