/**
 * Single-use links sent by e-mail (issue 18): password reset, e-mail verification and the
 * confirmation of a new address. Only a hash of each token is stored; the token itself is
 * derived from the row id with a server key (server/account/account-tokens.ts), so neither this
 * table nor the outbox event that mails the link holds anything a reader could click.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { userOwnedPolicies } from './rls';

export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'verify_email', 'change_email'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** SHA-256 of the token in the link, base64url: the link is found by it, before anyone is signed in. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Where the link was sent: the account's address, or the new one for change_email. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the one request that used it; a used row stays until it expires, so a reuse says "used". */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A newer request voids the user's earlier unused links of the same purpose by this index.
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'verify_email', 'change_email')`),
    ...userOwnedPolicies(t.userId),
  ],
);
