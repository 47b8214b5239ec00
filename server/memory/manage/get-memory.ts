import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { memorySources, messages } from '../../../db/schema';
import { toItem } from './apply-user-change';
import { findMemory } from './find-memory';
import type { memoryDetail } from './schemas';

/** One memory with every source it rests on, and whether each source message is still stored. */
export async function getMemory(db: UserDb, id: string): Promise<z.output<typeof memoryDetail>> {
  return db.run(async (tx) => {
    const memory = await findMemory(tx, id);
    const sources = await tx
      .select({
        quote: memorySources.quote,
        conversationId: memorySources.conversationId,
        messageId: memorySources.messageId,
        existingMessage: messages.id,
        createdAt: memorySources.createdAt,
      })
      .from(memorySources)
      .leftJoin(messages, and(eq(messages.id, memorySources.messageId), eq(messages.userId, memorySources.userId)))
      .where(eq(memorySources.memoryId, id))
      .orderBy(asc(memorySources.createdAt));
    return {
      ...toItem(memory),
      sources: sources.map(({ existingMessage, ...s }) => ({ ...s, messageExists: existingMessage !== null })),
    };
  });
}
