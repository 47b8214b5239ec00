/**
 * Writing imported memories, a chunk per call, in the caller's transaction: the memory rows,
 * their sources, the version-1 row and audit entry (the repository's createMemories, in bulk),
 * and the vectors of active ones. The import job (server/bulk/run-import.ts) calls this per chunk.
 */
import { inArray } from 'drizzle-orm';
import { conversations, memoryEmbeddings } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { MemoryRow } from '../memory-types';
import { createMemories, type NewMemory, type SourceLink } from '../repository';
import type { ExportedMemory, StagedImportItem } from './schemas';

export const IMPORT_REASON = 'Imported from a Mindbase export';
const UUID = /^[0-9a-f-]{36}$/i;

/**
 * Source links are kept only to the user's own conversations: a foreign-key check ignores
 * row-level security, so an id from someone else's export must not become a link.
 */
async function visibleConversations(tx: Tx, items: ExportedMemory[]): Promise<Set<string>> {
  const ids = [...new Set(items.flatMap((m) => m.sources.map((s) => s.conversationId)).filter((id): id is string => id !== null && UUID.test(id)))];
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, ids));
  return new Set(rows.map((r) => r.id));
}

function sourcesFor(item: ExportedMemory, conversationsKept: Set<string>): SourceLink[] {
  const seen = new Set<string>();
  return item.sources
    .map((s) => {
      const linked = s.conversationId !== null && conversationsKept.has(s.conversationId);
      const messageId = linked && s.messageId && UUID.test(s.messageId) ? s.messageId : null;
      return { quote: s.quote, conversationId: linked ? s.conversationId : null, messageId };
    })
    .filter((s) => {
      // memory_sources is unique per (memory, message); a message heard twice is one source.
      if (s.messageId === null) return true;
      if (seen.has(s.messageId)) return false;
      seen.add(s.messageId);
      return true;
    });
}

/** The memory row an item becomes: its own fields, the dates as dates, its first source on the row. */
function newMemoryOf(userId: string, item: StagedImportItem, sources: SourceLink[], reason: string): NewMemory {
  // The rest (type, kind, summary, entities, importance, confidence, origin, validity, sensitive,
  // status, pinned) is stored as the file has it.
  const { id: _id, sources: _sources, versions: _versions, updatedAt: _updatedAt, validUntil, occurredAt, createdAt, statusReason, ...same } = item;
  return {
    ...same,
    userId,
    statusReason: statusReason ?? reason,
    validUntil: validUntil ? new Date(validUntil) : null,
    occurredAt: occurredAt ? new Date(occurredAt) : null,
    createdAt: new Date(createdAt),
    updatedAt: new Date(),
    sourceConversationId: sources[0]?.conversationId ?? null,
    sourceMessageId: sources[0]?.messageId ?? null,
    quote: sources[0]?.quote ?? '',
  };
}

/**
 * Inserts `items` as the user's memories through the repository's bulk create (the rows, their
 * sources, version 1 and an audit entry each); `vectors[i]` (computed before the transaction) is
 * stored for item i when it is active. `reason` is each memory's first version and audit reason
 * (the import's source: a Mindbase export, "Imported from ChatGPT"…), and its status reason
 * unless the item carries its own (why it waits for review). Returns the new rows in order.
 */
export async function insertImported(
  tx: Tx,
  userId: string,
  items: StagedImportItem[],
  vectors: (number[] | null)[],
  embeddingModel: string,
  reason: string = IMPORT_REASON,
): Promise<MemoryRow[]> {
  if (items.length === 0) return [];
  const kept = await visibleConversations(tx, items);
  const rows = await createMemories(
    tx,
    items.map((item) => {
      const sources = sourcesFor(item, kept);
      return { memory: newMemoryOf(userId, item, sources, reason), sources };
    }),
    { actor: 'user', reason },
  );
  // Others get their vector when they are confirmed or restored, as everywhere else.
  const embedded = rows.flatMap((row, i) => {
    const vector = vectors[i];
    return vector && row.status === 'active' ? [{ memoryId: row.id, userId, model: embeddingModel, dimensions: vector.length, embedding: vector }] : [];
  });
  if (embedded.length > 0) await tx.insert(memoryEmbeddings).values(embedded);
  return rows;
}
