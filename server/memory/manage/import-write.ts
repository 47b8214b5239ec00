/**
 * Writing imported memories, a chunk per call, in the caller's transaction: the memory rows,
 * their sources, the version-1 row and audit entry createMemory writes (in bulk), and the
 * vectors of active ones. The import job (server/bulk/run-import.ts) calls this per chunk.
 */
import { inArray } from 'drizzle-orm';
import { auditLog, conversations, memories, memoryEmbeddings, memorySources, memoryVersions } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import type { MemoryRow } from '../memory-types';
import { SEARCH_TEXT_VERSION, searchTextOf } from '../search-text';
import { slotColumn } from '../slots';
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

function sourcesFor(item: ExportedMemory, conversationsKept: Set<string>) {
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

const snapshot = (row: MemoryRow) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

/**
 * Inserts `items` as the user's memories; `vectors[i]` (computed before the transaction) is
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
  const prepared = items.map((m) => ({ item: m, sources: sourcesFor(m, kept) }));
  const rows = await tx
    .insert(memories)
    .values(
      prepared.map(({ item: m, sources }) => ({
        userId,
        type: m.type,
        kind: m.kind,
        summary: m.summary,
        entities: m.entities,
        importance: m.importance,
        confidence: m.confidence,
        origin: m.origin,
        validity: m.validity,
        validUntil: m.validUntil ? new Date(m.validUntil) : null,
        sensitive: m.sensitive,
        status: m.status,
        statusReason: m.statusReason ?? reason,
        pinned: m.pinned,
        sourceConversationId: sources[0]?.conversationId ?? null,
        sourceMessageId: sources[0]?.messageId ?? null,
        quote: sources[0]?.quote ?? '',
        occurredAt: m.occurredAt ? new Date(m.occurredAt) : null,
        createdAt: new Date(m.createdAt),
        updatedAt: new Date(),
        searchText: searchTextOf(m),
        searchVersion: SEARCH_TEXT_VERSION,
        slot: slotColumn(m),
      })),
    )
    .returning();
  const sourceRows = rows.flatMap((row, i) => (prepared[i]?.sources ?? []).map((s) => ({ ...s, memoryId: row.id, userId })));
  if (sourceRows.length > 0) await tx.insert(memorySources).values(sourceRows);
  await tx.insert(memoryVersions).values(
    rows.map((row) => ({ memoryId: row.id, userId, version: 1, actor: 'user', reason, oldSummary: null, newSummary: row.summary, oldStatus: null, newStatus: row.status, snapshot: snapshot(row) })),
  );
  await tx.insert(auditLog).values(
    rows.map((row) => ({ userId, actor: 'user', action: 'memory.created', memoryId: row.id, detail: { reason, version: 1, status: row.status, summary: row.summary } })),
  );
  // Others get their vector when they are confirmed or restored, as everywhere else.
  const embedded = rows.flatMap((row, i) => {
    const vector = vectors[i];
    return vector && row.status === 'active' ? [{ memoryId: row.id, userId, model: embeddingModel, dimensions: vector.length, embedding: vector }] : [];
  });
  if (embedded.length > 0) await tx.insert(memoryEmbeddings).values(embedded);
  return rows;
}
