import { memories, memorySources } from '../../db/schema';
import type { Tx } from '../../db/types';
import type { ChangeContext, MemoryRow } from './memory-types';
import { recordChange } from './record-change';
import { SEARCH_TEXT_VERSION, searchContextOf, searchTextOf } from './search-text';
import { slotColumn } from './slots';

export type NewMemory = Omit<typeof memories.$inferInsert, 'id' | 'version' | 'searchText' | 'searchVector' | 'searchContext' | 'searchVersion' | 'slot'> & {
  /** The message the source message replied to, indexed with the memory at a lower weight. */
  context?: string | null;
};

/** Inserts a memory with its first source, version 1 and an audit entry, in the caller's transaction. */
export async function createMemory(tx: Tx, input: NewMemory, change: ChangeContext): Promise<MemoryRow> {
  const { context, ...values } = input;
  const [row] = await tx
    .insert(memories)
    .values({
      ...values,
      searchText: searchTextOf({ type: input.type, kind: input.kind, summary: input.summary, entities: input.entities ?? [] }),
      searchContext: searchContextOf(context),
      searchVersion: SEARCH_TEXT_VERSION,
      slot: slotColumn({ type: input.type, kind: input.kind, summary: input.summary, entities: input.entities ?? [] }),
    })
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
