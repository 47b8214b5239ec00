/**
 * Transactional outbox: an event is recorded in the same transaction as the change that causes
 * it (a completed chat turn) and dispatched after commit; a sweeper re-sends what was not
 * acknowledged. So no turn is lost if Inngest is unreachable or the process dies mid-way.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { userOwnedPolicies } from './rls';

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Also the Inngest event id, so a re-send is deduplicated downstream. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    unique('outbox_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    index('outbox_pending_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    ...userOwnedPolicies(t.userId),
  ],
);
