/**
 * Shared counters for rate limits (issue 14, item 5): sign-in and sign-up attempts per account,
 * device and address, and chat turns per user. One row per key, in the app's own Postgres, so a
 * limit holds across every app instance. The shape is rate-limiter-flexible's Drizzle store
 * (key, points, expire). Keys are hashes, never e-mails or addresses (server/ratelimit/limiter.ts).
 * Not user-owned and not under row-level security: only the system role may touch it (migration).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    /** When the window (or block) ends; a row past it counts as absent and is purged later. */
    expire: timestamp('expire', { mode: 'date', withTimezone: true }),
  },
  // The purge deletes by expiry (rate-limiter-flexible's clearExpiredByTimeout).
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
