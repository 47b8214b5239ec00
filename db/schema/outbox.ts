/**
 * Transactional outbox: an event is recorded in the same transaction as the change that causes
 * it (a chat turn's user message) and dispatched after commit; a sweeper re-sends what was not
 * acknowledged. So no turn is lost if Inngest is unreachable or the process dies mid-way.
 * An event that keeps failing is dead-lettered (dead_at) and leaves the sweeper's page; sent
 * rows are purged by the retention job (issue 14, item 9).
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
    /**
     * The sweeper leaves the row alone until then: a turn's event is written before its reply
     * streams and is the turn's to send when the reply ends; only if the process dies first
     * does the sweeper pick it up.
     */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** Gave up after config.jobs.outboxMaxAttempts: kept for operators, never swept again. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
  },
  (t) => [
    unique('outbox_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    index('outbox_pending_idx').on(t.availableAt).where(sql`${t.dispatchedAt} is null and ${t.deadAt} is null`),
    index('outbox_sent_idx').on(t.dispatchedAt).where(sql`${t.dispatchedAt} is not null`),
    ...userOwnedPolicies(t.userId),
  ],
);
