/**
 * The isolation boundary. withUser() is the only way application code reaches user data:
 * it opens a transaction, switches to the non-owner role `mindbase_app` and records the user id,
 * both transaction-local (set_config(..., true)), so nothing survives into a pooled connection.
 * Row-level security then filters every table by that id, whatever the query forgets.
 */
import { sql } from 'drizzle-orm';
import { APP_ROLE, SYSTEM_ROLE } from './schema/rls';
import type { Database, Tx } from './types';

export class MissingUserError extends Error {
  constructor() {
    super('withUser() needs a non-empty user id');
    this.name = 'MissingUserError';
  }
}

export type WithUser = <T>(userId: string, fn: (tx: Tx) => Promise<T>) => Promise<T>;

export function createWithUser(db: Database): WithUser {
  return async (userId, fn) => {
    if (typeof userId !== 'string' || userId.trim() === '') throw new MissingUserError();
    return db.transaction(async (tx) => {
      // One round trip: role and user id, both local to this transaction.
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.user_id', ${userId}, true)`,
      );
      return fn(tx);
    });
  };
}

/**
 * A handle bound to one user: what server functions receive instead of a bare id, so they can
 * only ever run inside that user's boundary.
 */
export interface UserDb {
  readonly userId: string;
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export function userDb(withUser: WithUser, userId: string): UserDb {
  if (typeof userId !== 'string' || userId.trim() === '') throw new MissingUserError();
  return { userId, run: (fn) => withUser(userId, fn) };
}

export type WithSystem = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Runs fn as the system role, for the few paths that have no user by nature (sign-in lookups,
 * sign-up, listing which users have pending work). Each such call site is named in the README.
 */
export function createWithSystem(db: Database): WithSystem {
  return (fn) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${SYSTEM_ROLE}, true)`);
      return fn(tx);
    });
}
