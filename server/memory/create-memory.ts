import { memories, memorySources } from '../../db/schema';
import type { Tx } from '../../db/types';
import type { ChangeContext, MemoryRow } from './memory-types';
import { recordChange } from './record-change';
import { searchTextOf } from './search-text';

export type NewMemory = Omit<typeof memories.$inferInsert, 'id' | 'version' | 'searchText' | 'searchVector'>;

/** Inserts a memory with its first source, version 1 and an audit entry, in the caller's transaction. */
export async function createMemory(tx: Tx, input: NewMemory, change: ChangeContext): Promise<MemoryRow> {
  const [row] = await tx
    .insert(memories)
    .values({ ...input, searchText: searchTextOf({ summary: input.summary, entities: input.entities ?? [] }) })
    .returning();
  if (!row) throw new Error('createMemory: insert returned nothing');
  await tx.insert(memorySources).values({
    memoryId: row.id,
    userId: row.userId,
    conversationId: row.sourceConversationId,
    messageId: row.sourceMessageId,
    quote: row.quote,
  });
  await recordChange(tx, null, row, change, 'memory.created');
  return row;
}
