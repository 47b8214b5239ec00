/**
 * Credentials an outside app (an MCP client: Claude Desktop, Cursor, an agent) presents as
 * `Authorization: Bearer …` to reach one user's memory through /api/mcp (issue 17).
 *
 * Today every row is a personal access token the user made in settings ("Connected apps").
 * The shape is meant to hold OAuth 2.1 access tokens later without a new table: `kind` says how
 * the token was issued, `client_id` names the registered OAuth client (null for a personal
 * token), `scope` is what the token may do and `expires_at` its lifetime, which OAuth tokens will
 * always have. What the app did is not here: its writes and reads are audit_log rows whose actor
 * is `app:<id>` (server/mcp/audit-reads.ts), so they show in the activity log like any change.
 *
 * Only a hash of the token is stored (server/tokens/token-secret.ts says which and why); the
 * token itself is shown once. A bearer request has no user yet, so the lookup by hash runs as
 * the system role; everything after it runs inside withUser for the owner.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { userOwnedPolicies } from './rls';

export const ACCESS_TOKEN_KINDS = ['personal', 'oauth'] as const;
/** `read`: search, list and profile; `read_write`: also remember, update and forget. */
export const ACCESS_TOKEN_SCOPES = ['read', 'read_write'] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ACCESS_TOKEN_KINDS }).notNull().default('personal'),
    /** OAuth: the registered client this token was issued to. Null for personal tokens. */
    clientId: text('client_id'),
    /** The app's name as the user typed it; the activity log says "by <name>". */
    name: text('name').notNull(),
    /** Hex HMAC-SHA-256 of the token under the server's pepper; the only copy of the secret. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters (prefix + 4), so the user can tell two tokens apart. */
    tokenHint: text('token_hint').notNull(),
    scope: text('scope', { enum: ACCESS_TOKEN_SCOPES }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** What the client called itself (MCP clientInfo, else User-Agent) on its latest call. */
    lastClient: text('last_client'),
    /** Paused: refused like a revoked token, but the user can resume it. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Revoked for good; the row stays so the activity log can still name the app. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('access_tokens_token_hash_unique').on(t.tokenHash),
    index('access_tokens_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('access_tokens_kind_check', sql`${t.kind} in (${inList(ACCESS_TOKEN_KINDS)})`),
    check('access_tokens_scope_check', sql`${t.scope} in (${inList(ACCESS_TOKEN_SCOPES)})`),
    check('access_tokens_client_check', sql`(${t.kind} = 'oauth') = (${t.clientId} is not null)`),
    ...userOwnedPolicies(t.userId),
  ],
);

export type AccessTokenRow = typeof accessTokens.$inferSelect;
