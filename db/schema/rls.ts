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
/**
 * The role of the few paths that have no signed-in user by nature: Auth.js looking up an e-mail
 * at sign-in, sign-up, and background jobs listing which users have work. Not superuser and no
 * BYPASSRLS: its reach comes from an explicit `system_access` policy per table. Needed because
 * FORCE row-level security leaves even the table owner with no rows.
 */
export const SYSTEM_ROLE = 'mindbase_system';

/** Created (idempotently, cluster-wide) by custom migrations, hence `existing()`. */
export const appRole = pgRole(APP_ROLE).existing();
export const systemRole = pgRole(SYSTEM_ROLE).existing();

/** NULL when unset or reset to '' at transaction end, so a comparison never matches. */
export const currentAppUser: SQL = sql`nullif(current_setting('app.user_id', true), '')`;

/**
 * The transaction-local setting an erasure's sweep sets (db/erasure.ts) to reach the rows it is
 * deleting; every other transaction leaves it unset and cannot see them.
 */
export const ERASING_SETTING = 'app.erasing';

/** The largest bigint: an account deletion hides every row of the account, whatever its seq. */
export const HIDE_EVERYTHING = '9223372036854775807';

/**
 * Rows numbered (seq) up to this are hidden from the current user: the newest pending erasure's
 * watermark (bulk_jobs.hidden_through), or -1 when there is none or the sweep itself is asking.
 * An uncorrelated scalar subquery, so Postgres evaluates it once per query (an InitPlan on the
 * tiny partial index bulk_jobs_hidden_idx), not once per row.
 */
const HIDDEN_THROUGH =
  `(select case when current_setting('${ERASING_SETTING}', true) = 'on' then -1 else coalesce(max(j.hidden_through), -1) end` +
  ` from bulk_jobs j where j.user_id = nullif(current_setting('app.user_id', true), '') and j.hidden_through is not null)`;
export const hiddenThrough: SQL = sql.raw(HIDDEN_THROUGH);

/** For tables without seq (conversations, messages): hidden only while the account is being deleted. */
export const accountNotErasing: SQL = sql.raw(`${HIDDEN_THROUGH} < ${HIDE_EVERYTHING}`);

/**
 * The policies every user-owned table gets: the app role reads and writes only the current
 * user's rows; the system role may reach all rows (only code that has no user uses it).
 * `visible` narrows the app role's rows further (what a pending erasure hides, bulk.ts).
 */
export function userOwnedPolicies(ownerColumn: AnyPgColumn, visible?: SQL) {
  const isOwner = visible ? sql`${ownerColumn} = ${currentAppUser} and ${visible}` : sql`${ownerColumn} = ${currentAppUser}`;
  return [
    pgPolicy('owner_only', { as: 'permissive', for: 'all', to: appRole, using: isOwner, withCheck: isOwner }),
    pgPolicy('system_access', { as: 'permissive', for: 'all', to: systemRole, using: sql`true`, withCheck: sql`true` }),
  ];
}
