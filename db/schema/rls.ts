/**
 * Row-level security building blocks. The isolation boundary of Mindbase is Postgres itself:
 * application queries run as the non-owner role `mindbase_app`, and every user-owned table
 * carries a policy that compares its owner column with the transaction-local `app.user_id`
 * setting written by `withUser` (db/boundary.ts). A query that forgets `where user_id = …`
 * therefore sees only the current user's rows, and outside `withUser` it sees none.
 */
import { sql, type SQL } from 'drizzle-orm';
import { pgPolicy, pgRole, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const APP_ROLE = 'mindbase_app';

/** Created (idempotently, cluster-wide) by the first custom migration, hence `existing()`. */
export const appRole = pgRole(APP_ROLE).existing();

/** NULL when unset or reset to '' at transaction end, so a comparison never matches. */
export const currentAppUser: SQL = sql`nullif(current_setting('app.user_id', true), '')`;

/** The one policy every user-owned table gets: read and write only your own rows. */
export function ownerOnly(ownerColumn: AnyPgColumn) {
  const isOwner = sql`${ownerColumn} = ${currentAppUser}`;
  return pgPolicy('owner_only', {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: isOwner,
    withCheck: isOwner,
  });
}
