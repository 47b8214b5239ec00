import 'server-only';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import { conversations, messages } from '../../db/schema';
import type { Tx } from '../../db/types';
import type { WorkingMessage } from './working-memory';
import { textParts, type StoredPart } from './message-parts';

/** The conversation's messages that belong in the model's context (not failed ones). */
export async function loadHistory(tx: Tx, conversationId: string): Promise<(WorkingMessage & { createdAt: Date })[]> {
  return tx
    .select({ id: messages.id, role: messages.role, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), ne(messages.status, 'error')))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function insertMessage(
  tx: Tx,
  row: { conversationId: string; userId: string; role: 'user' | 'assistant'; content: string; parts?: StoredPart[]; status?: 'complete' | 'stopped'; metadata?: Record<string, unknown>; id?: string; createdAt?: Date },
): Promise<{ id: string; createdAt: Date }> {
  // Without parts of its own (a user's message) a message is its text as one part.
  const [inserted] = await tx
    .insert(messages)
    .values({ ...row, parts: row.parts ?? textParts(row.content) })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!inserted) throw new Error('insertMessage: nothing returned');
  await tx.update(conversations).set({ updatedAt: inserted.createdAt }).where(eq(conversations.id, row.conversationId));
  return inserted;
}

/** Removes the replies after the last user message, so they can be regenerated. */
export async function deleteRepliesAfter(tx: Tx, conversationId: string, userMessage: { createdAt: Date }): Promise<number> {
  const replies = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'assistant'), gt(messages.createdAt, userMessage.createdAt)));
  if (replies.length === 0) return 0;
  await tx.delete(messages).where(inArray(messages.id, replies.map((r) => r.id)));
  return replies.length;
}
