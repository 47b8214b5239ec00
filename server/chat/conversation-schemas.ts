import { z } from 'zod';
import { config } from '../config';
import { encodeCursor, inDateRange, isUuid, pagingCursor } from '../input/bounds';
import { storedPart } from './message-parts';

export const conversationIdSchema = z.uuid({ error: 'Conversation ids are UUIDs.' });

/** `Date.toISOString()` exactly, as the list writes it. */
const JS_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The conversation list's cursor: the last row's updatedAt (ISO, milliseconds) and id. */
export const conversationCursor = pagingCursor('|', ([iso, id, ...rest]) => {
  if (rest.length > 0 || !isUuid(id) || !iso || !JS_ISO.test(iso)) return null;
  const updatedAt = new Date(iso);
  // A round trip catches 2025-02-30 and friends, which Date would roll over.
  return !Number.isNaN(updatedAt.getTime()) && updatedAt.toISOString() === iso && inDateRange(updatedAt) ? { updatedAt, id } : null;
});
export const encodeConversationCursor = (row: { updatedAt: Date; id: string }) => encodeCursor('|', [row.updatedAt.toISOString(), row.id]);

export const listConversationsInput = z
  .object({
    cursor: conversationCursor.nullish(),
    limit: z.number().int().min(1).max(config.chat.maxConversationsPageSize).default(config.chat.conversationsPageSize),
    search: z.string().trim().max(200, 'Search text is at most 200 characters.').optional(),
    // Sent by tRPC's infinite queries; the list only pages forward.
    direction: z.enum(['forward', 'backward']).optional(),
  })
  .strict();

export const renameConversationInput = z
  .object({
    id: conversationIdSchema,
    title: z
      .string()
      .trim()
      .min(1, 'A title cannot be empty.')
      .max(config.chat.titleMaxChars, `Titles are at most ${config.chat.titleMaxChars} characters.`),
  })
  .strict();

export const conversationRef = z.object({ id: conversationIdSchema }).strict();

export const setMemoryDisabledInput = z
  .object({
    id: conversationIdSchema,
    disabled: z.boolean({ error: 'disabled must be true or false.' }),
    /**
     * A new chat has no row until its first message: the client sets this just before sending
     * that message, so "don't remember" covers the very first turn too.
     */
    create: z.boolean().optional(),
  })
  .strict();

export const conversationSummary = z.object({
  id: z.string(),
  title: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** "Don't remember this conversation": nothing said in it becomes a memory. */
  memoryDisabled: z.boolean(),
});

export const chatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  parts: z.array(storedPart),
  status: z.enum(['complete', 'stopped', 'error']),
  createdAt: z.date(),
  metadata: z.record(z.string(), z.unknown()),
});

export type ConversationSummary = z.infer<typeof conversationSummary>;
export type ChatMessage = z.infer<typeof chatMessage>;
