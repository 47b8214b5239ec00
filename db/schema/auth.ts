/**
 * Auth.js tables (shape required by @auth/drizzle-adapter) plus password credentials.
 * `users` is owned by its own id; the others by `user_id`. Auth.js itself reads these through
 * the system handle (server/auth/adapter.ts) because sign-in happens before there is a user.
 */
import type { AdapterAccountType } from '@auth/core/adapters';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userOwnedPolicies } from './rls';

export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text('name'),
    email: text('email').unique(),
    emailVerified: timestamp('email_verified', { mode: 'date', withTimezone: true }),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...userOwnedPolicies(t.id)],
);

export const accounts = pgTable(
  'accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AdapterAccountType>().notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), ...userOwnedPolicies(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionToken: text('session_token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { mode: 'date', withTimezone: true }).notNull(),
    /** Issue 18: what the account page lists per session (sign-in time, last request, browser). */
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [
    // Issue 14, item 6: with JWT cookies these rows are the server's list of live sessions
    // (server/auth/session-registry.ts); by user for deletion's cascade, by expiry for the purge.
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expires),
    ...userOwnedPolicies(t.userId),
  ],
);

/** Not user-owned (keyed by e-mail before an account exists): the app role gets no grant. */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

export const passwordCredentials = pgTable(
  'password_credentials',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...userOwnedPolicies(t.userId)],
);
