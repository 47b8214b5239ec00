import 'server-only';
import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { conversations, messages } from '../../db/schema';
import type { Tx } from '../../db/types';
import { AppError } from '../errors';
import { encodeConversationCursor, type listConversationsInput, type ConversationSummary, type ChatMessage } from './conversation-schemas';
import { readParts } from './message-parts';

const summaryColumns = {
  id: conversations.id,
  title: conversations.title,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
  memoryDisabled: conversations.memoryDisabled,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, keyset-paginated so page N costs the same as page 1. */
export async function listConversations(db: UserDb, input: z.output<typeof listConversationsInput>) {
  const filters: (SQL | undefined)[] = [];
  if (input.search) filters.push(ilike(conversations.title, `%${escapeLike(input.search)}%`));
  if (input.cursor) {
    // Decoded and checked by the input schema (conversation-schemas.ts).
    const { updatedAt, id } = input.cursor;
    filters.push(or(lt(conversations.updatedAt, updatedAt), and(eq(conversations.updatedAt, updatedAt), lt(conversations.id, id))));
  }
  const rows = await db.run((tx) =>
    tx
      .select(summaryColumns)
      .from(conversations)
      .where(and(...filters))
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(input.limit + 1),
  );
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > input.limit && last ? encodeConversationCursor(last) : null };
}

const notFound = () => new AppError('not_found:conversation', 'This conversation does not exist or was deleted.');

export async function findConversation(tx: Tx, id: string) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

export async function getConversation(db: UserDb, id: string): Promise<ConversationSummary & { messages: ChatMessage[] }> {
  return db.run(async (tx) => {
    const conversation = await findConversation(tx, id);
    if (!conversation) throw notFound();
    const rows = await tx
      .select({
        id: messages.id,
        role: messages.role,
        content: messages.content,
        parts: messages.parts,
        status: messages.status,
        createdAt: messages.createdAt,
        metadata: messages.metadata,
      })
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(messages.createdAt, messages.id);
    return {
      id: conversation.id,
      title: conversation.title,
      createdAt: conversation.createdAt,
      updatedAt: conversation.updatedAt,
      memoryDisabled: conversation.memoryDisabled,
      messages: rows.map((row) => ({ ...row, parts: readParts(row.parts, row.content) })),
    };
  });
}

export async function renameConversation(db: UserDb, id: string, title: string): Promise<ConversationSummary> {
  const [row] = await db.run((tx) =>
    tx.update(conversations).set({ title, updatedAt: new Date() }).where(eq(conversations.id, id)).returning(summaryColumns),
  );
  if (!row) throw notFound();
  return row;
}

/** Deletes the conversation and its messages (cascade). Memories keep their quotes. */
export async function deleteConversation(db: UserDb, id: string): Promise<{ id: string }> {
  const [row] = await db.run((tx) => tx.delete(conversations).where(eq(conversations.id, id)).returning({ id: conversations.id }));
  if (!row) throw notFound();
  return row;
}

/**
 * "Don't remember this conversation" (SPEC §7): extraction skips a conversation with this flag
 * (server/memory/pipeline/load-window.ts). Deliberately leaves updatedAt alone so the
 * conversation does not jump to the top of the list. With `create`, a conversation that does
 * not exist yet is created empty first (the chat turn then adds its first message to it).
 */
export async function setConversationMemoryDisabled(
  db: UserDb,
  id: string,
  disabled: boolean,
  options: { create?: boolean | undefined } = {},
): Promise<{ id: string; memoryDisabled: boolean }> {
  const [row] = await db.run(async (tx) => {
    // DO NOTHING also covers an id someone else owns: row-level security hides that row, so
    // the update below finds nothing and the caller gets the same 404 as for any unknown id.
    if (options.create) await tx.insert(conversations).values({ id, userId: db.userId, memoryDisabled: disabled }).onConflictDoNothing();
    return tx
      .update(conversations)
      .set({ memoryDisabled: disabled })
      .where(eq(conversations.id, id))
      .returning({ id: conversations.id, memoryDisabled: conversations.memoryDisabled });
  });
  if (!row) throw notFound();
  return row;
}

/** Whether "don't remember this conversation" is set (false for an unknown id). */
export async function isConversationMemoryDisabled(db: UserDb, id: string): Promise<boolean> {
  const [row] = await db.run((tx) =>
    tx.select({ off: conversations.memoryDisabled }).from(conversations).where(eq(conversations.id, id)).limit(1),
  );
  return row?.off ?? false;
}
