/** Per-user settings and the audit trail of memory events (SPEC §7). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { hiddenThrough, userOwnedPolicies } from './rls';

export const userSettings = pgTable(
  'user_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** IANA zone used to resolve relative times ("next Friday") in the user's messages. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Raw-log retention in days after distillation; null keeps messages forever (SPEC §1). */
    retentionDays: integer('retention_days').default(30),
    memoryEnabled: boolean('memory_enabled').notNull().default(true),
    /** Issue 15: "Saved: …", "Updated: …" lines under chat replies; off hides them (memory still works). */
    memoryNotices: boolean('memory_notices').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_settings_retention_check', sql`${t.retentionDays} is null or ${t.retentionDays} in (7, 30, 90)`),
    ...userOwnedPolicies(t.userId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** user | extractor | fast_channel | consolidation | job:<name> */
    actor: text('actor').notNull(),
    /** memory.created | memory.updated | memory.deleted | memory.exported | … */
    action: text('action').notNull(),
    /** No foreign key: the entry outlives a hard-deleted memory (its quote is scrubbed). */
    memoryId: uuid('memory_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Write order, as on memories: an erasure hides the entries about the memories it deletes. */
    seq: bigint('seq', { mode: 'number' }).default(sql`nextval('row_seq')`),
  },
  (t) => [
    index('audit_log_user_created_idx').on(t.userId, t.createdAt.desc()),
    // A memory's entries by its id: scrubbed when it is deleted, removed when an import is undone.
    index('audit_log_memory_idx').on(t.memoryId).where(sql`${t.memoryId} is not null`),
    // Entries about memories a pending erasure deletes are hidden with them; the rest stay.
    ...userOwnedPolicies(t.userId, sql`(${t.memoryId} is null or coalesce(${t.seq}, 0) > ${hiddenThrough})`),
  ],
);
