import { memories, memorySources } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { ChangeContext, MemoryRow } from '../memory-types';
import { searchContextOf } from '../search-text';
import { recordChanges } from './record-change';
import { searchColumns } from './search-columns';

export type NewMemory = Omit<typeof memories.$inferInsert, 'id' | 'version' | 'searchText' | 'searchContext' | 'searchVersion' | 'slot'> & {
  /** The message the source message replied to, indexed with the memory at a lower weight. */
  context?: string | null;
};

/** A message a memory rests on (memory_sources). */
export interface SourceLink {
  conversationId: string | null;
  messageId: string | null;
  quote: string;
}

export interface NewMemoryWithSources {
  memory: NewMemory;
  /** Every source of the memory; by default the one on the row. An import may bring none. */
  sources?: SourceLink[];
}

function valuesOf(input: NewMemory) {
  const { context, ...values } = input;
  return {
    ...values,
    ...searchColumns({ type: input.type, kind: input.kind, summary: input.summary, entities: input.entities ?? [] }),
    searchContext: searchContextOf(context),
  };
}

const ownSource = (row: MemoryRow): SourceLink => ({ conversationId: row.sourceConversationId, messageId: row.sourceMessageId, quote: row.quote });

/**
 * Inserts memories with their sources, version 1 and an audit entry each, in the caller's
 * transaction and a statement per table whatever their number (the import writes a chunk at a
 * time). Returns the rows in the order given.
 */
export async function createMemories(tx: Tx, inputs: NewMemoryWithSources[], change: ChangeContext): Promise<MemoryRow[]> {
  if (inputs.length === 0) return [];
  const rows = await tx
    .insert(memories)
    .values(inputs.map((i) => valuesOf(i.memory)))
    .returning();
  if (rows.length !== inputs.length) throw new Error(`createMemories: inserted ${rows.length} of ${inputs.length}`);
  const sources = rows.flatMap((row, i) => (inputs[i]?.sources ?? [ownSource(row)]).map((s) => ({ ...s, memoryId: row.id, userId: row.userId })));
  if (sources.length > 0) await tx.insert(memorySources).values(sources);
  await recordChanges(tx, rows.map((after) => ({ before: null, after, change, action: 'memory.created' })));
  return rows;
}

/** Inserts a memory with its first source, version 1 and an audit entry, in the caller's transaction. */
export async function createMemory(tx: Tx, input: NewMemory, change: ChangeContext): Promise<MemoryRow> {
  const [row] = await createMemories(tx, [{ memory: input }], change);
  if (!row) throw new Error('createMemory: insert returned nothing');
  return row;
}
