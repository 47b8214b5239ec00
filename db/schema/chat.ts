/** The raw log (SPEC §1): conversations and their messages, verbatim. Never searched for recall. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { accountNotErasing, userOwnedPolicies } from './rls';

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** Rolling summary of turns that no longer fit the working-memory budget. */
    summary: text('summary'),
    summaryUpToMessageId: uuid('summary_up_to_message_id'),
    /** "Don't remember this conversation" (SPEC §7). */
    memoryDisabled: boolean('memory_disabled').notNull().default(false),
    distilledAt: timestamp('distilled_at', { withTimezone: true }),
    /**
     * Extraction watermark: the last message whose memories have been applied. Moved in the same
     * transaction as the memory writes, so a retried extraction never applies a turn twice.
     */
    extractedThroughAt: timestamp('extracted_through_at', { withTimezone: true }),
    extractedThroughId: uuid('extracted_through_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lets children reference (id, user_id) so a row can never point at another user's parent.
    unique('conversations_id_user_unique').on(t.id, t.userId),
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    // An account being deleted shows nothing while its sweep runs (server/bulk/).
    ...userOwnedPolicies(t.userId, accountNotErasing),
  ],
);

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export const MESSAGE_STATUSES = ['complete', 'stopped', 'error'] as const;

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MESSAGE_ROLES }).notNull(),
    content: text('content').notNull(),
    /**
     * The message as AI SDK UI message parts: its text, and a real model's tool calls with their
     * results (server/chat/message-parts.ts validates them). `content` keeps the text alone, for
     * history, extraction and search.
     */
    parts: jsonb('parts').$type<Record<string, unknown>[]>().notNull().default([]),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('complete'),
    /** Provenance and diagnostics (model id, recall ledger, error code…). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.conversationId, t.userId],
      foreignColumns: [conversations.id, conversations.userId],
      name: 'messages_conversation_owner_fk',
    }).onDelete('cascade'),
    unique('messages_id_user_unique').on(t.id, t.userId),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    check('messages_role_check', sql`${t.role} in ('user', 'assistant')`),
    check('messages_status_check', sql`${t.status} in ('complete', 'stopped', 'error')`),
    ...userOwnedPolicies(t.userId, accountNotErasing),
  ],
);
