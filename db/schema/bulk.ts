/**
 * Bulk work a user starts and a background job finishes in short transactions (issue 14, item 1):
 * an import, "delete all memories", account deletion. One row per run holds its progress and
 * final report for the settings page; `hidden_through` is how an erasure hides everything at once
 * before the sweep removes it in chunks (the row-level policies in rls.ts read it).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { userOwnedPolicies } from './rls';

/**
 * Numbers every memory and audit row as it is written (column `seq`), so an erasure can hide
 * "everything written before this moment" with one row instead of updating each of them.
 */
export const rowSeq = pgSequence('row_seq');

export const BULK_JOB_KINDS = ['import', 'delete_all', 'delete_account'] as const;
export const BULK_JOB_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BULK_JOB_KINDS }).notNull(),
    status: text('status', { enum: BULK_JOB_STATUSES }).notNull().default('running'),
    /** Where a running job is: staging / writing / undoing (import), sweeping / erasing-disk (erasures). */
    phase: text('phase').notNull(),
    /** Items the job has to process, and how many it has (the progress bar). */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /**
     * Erasures: memory and audit rows with `seq` up to this are invisible to the app (rls.ts)
     * until the sweep has deleted them; the maximum bigint hides the whole account.
     */
    hiddenThrough: bigint('hidden_through', { mode: 'number' }),
    /** The final report (import: added / skipped; erasure: the receipt), JSON. */
    report: jsonb('report').$type<Record<string, unknown>>().notNull().default({}),
    /** Why a failed job failed, in words a person can act on (details go to the server log). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('bulk_jobs_id_user_unique').on(t.id, t.userId),
    // One running job per user: a second import (or a delete-all during an import) is refused
    // by the database, whichever process or instance it reaches.
    uniqueIndex('bulk_jobs_one_running_idx').on(t.userId).where(sql`${t.status} = 'running'`),
    index('bulk_jobs_user_kind_created_idx').on(t.userId, t.kind, t.createdAt.desc()),
    // The row-level policies look this up once per query (an InitPlan), so it must be tiny.
    index('bulk_jobs_hidden_idx').on(t.userId).where(sql`${t.hiddenThrough} is not null`),
    check('bulk_jobs_kind_check', sql`${t.kind} in (${inList(BULK_JOB_KINDS)})`),
    check('bulk_jobs_status_check', sql`${t.status} in (${inList(BULK_JOB_STATUSES)})`),
    ...userOwnedPolicies(t.userId),
  ],
);

/**
 * An import's items, validated and staged by the request, written to `memories` by the job in
 * chunks. `memory_id` records what each item became, so a failure can undo exactly what the
 * import wrote (the compensating delete); `item` is cleared once written.
 */
export const importItems = pgTable(
  'import_items',
  {
    jobId: uuid('job_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 … total−1, the order they are written in. */
    idx: integer('idx').notNull(),
    item: jsonb('item').$type<Record<string, unknown>>(),
    memoryId: uuid('memory_id'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.idx] }),
    foreignKey({ columns: [t.jobId, t.userId], foreignColumns: [bulkJobs.id, bulkJobs.userId], name: 'import_items_job_owner_fk' }).onDelete('cascade'),
    ...userOwnedPolicies(t.userId),
  ],
);
