import { count, desc, eq, inArray } from 'drizzle-orm';
import type { UserDb } from '../../../db/boundary';
import { memories } from '../../../db/schema';
import { config } from '../../config';

export interface ListedMemory {
  summary: string;
  type: string;
  kind: string;
  importance: number;
  sensitive: boolean;
}

export interface MemoryListing {
  items: ListedMemory[];
  /** All active memories (the list shows at most config.chatCommands.listLimit). */
  total: number;
  /** Candidates and conflicts waiting for the user's yes/no on the Memory page. */
  awaitingReview: number;
}

/**
 * "What do you remember about me?": the user's active memories, pinned and most important first.
 * Unlike recall this is not filtered by topic; it answers the question the user asked.
 */
export async function listMemoriesForChat(db: UserDb): Promise<MemoryListing> {
  return db.run(async (tx) => {
    const [items, [active], [review]] = await Promise.all([
      tx
        .select({ summary: memories.summary, type: memories.type, kind: memories.kind, importance: memories.importance, sensitive: memories.sensitive })
        .from(memories)
        .where(eq(memories.status, 'active'))
        .orderBy(desc(memories.pinned), desc(memories.importance), desc(memories.updatedAt))
        .limit(config.chatCommands.listLimit),
      tx.select({ n: count() }).from(memories).where(eq(memories.status, 'active')),
      tx.select({ n: count() }).from(memories).where(inArray(memories.status, ['candidate', 'conflicted'])),
    ]);
    return { items, total: active?.n ?? 0, awaitingReview: review?.n ?? 0 };
  });
}
