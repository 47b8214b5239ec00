import 'server-only';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { auditLog, conversations, memories, memorySources, memoryVersions } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { AppError } from '../../errors';
import { NUL_MESSAGE, nulPath } from '../../input/nul-bytes';
import { findSecrets, maskSecrets } from '../validate/secrets';
import { embeddingText, type Embedder } from '../embedder';
import { storeEmbedding } from '../embeddings';
import type { MemoryRow } from '../memory-types';
import { SEARCH_TEXT_VERSION, searchTextOf } from '../search-text';
import { slotColumn } from '../slots';
import { lockUserMemory } from '../user-lock';
import { exportFile, type ExportedMemory, type importOutput } from './schemas';

const REASON = 'Imported from a Mindbase export';
const CHUNK = 500;
const MAX_LISTED_ISSUES = 5;
const MAX_LISTED_SKIPS = 100;

/** Two memories are the same when their type and their text, ignoring case, spacing and end punctuation, are. */
export function dedupKey(memory: { type: string; summary: string }): string {
  const text = memory.summary.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/[.!。！]+$/u, '');
  return `${memory.type}|${text}`;
}

/** Parses and validates the whole file before anything is written; names what is wrong. */
function parseFile(json: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new AppError('bad_request:memory', `The file is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`);
  }
  // "\u0000" in the file's JSON becomes a NUL that Postgres text refuses: name it instead.
  const nul = nulPath(raw);
  if (nul) throw new AppError('bad_request:memory', `The file cannot be imported; nothing was changed. ${nul} ${NUL_MESSAGE}.`);
  const parsed = exportFile.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, MAX_LISTED_ISSUES).map((i) => `${i.path.length > 0 ? i.path.join('.') : 'file'}: ${i.message}`);
    const more = parsed.error.issues.length > MAX_LISTED_ISSUES ? ` (and ${parsed.error.issues.length - MAX_LISTED_ISSUES} more)` : '';
    throw new AppError('bad_request:memory', `The file cannot be imported; nothing was changed. ${issues.join('; ')}${more}.`);
  }
  return parsed.data;
}

/**
 * Source links are kept only to the user's own conversations: a foreign-key check ignores
 * row-level security, so an id from someone else's export must not become a link.
 */
async function visibleConversations(tx: Tx, items: ExportedMemory[]): Promise<Set<string>> {
  const ids = [...new Set(items.flatMap((m) => m.sources.map((s) => s.conversationId)).filter((id): id is string => id !== null && /^[0-9a-f-]{36}$/i.test(id)))];
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx.select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, ids.slice(i, i + CHUNK)));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

function sourcesFor(item: ExportedMemory, conversationsKept: Set<string>) {
  const seen = new Set<string>();
  return item.sources
    .map((s) => {
      const linked = s.conversationId !== null && conversationsKept.has(s.conversationId);
      const messageId = linked && s.messageId && /^[0-9a-f-]{36}$/i.test(s.messageId) ? s.messageId : null;
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

async function insertChunk(tx: Tx, userId: string, items: ExportedMemory[], kept: Set<string>): Promise<MemoryRow[]> {
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
        statusReason: REASON,
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
  // The same version-1 row and audit entry createMemory writes, in bulk.
  await tx.insert(memoryVersions).values(
    rows.map((row) => ({ memoryId: row.id, userId, version: 1, actor: 'user', reason: REASON, oldSummary: null, newSummary: row.summary, oldStatus: null, newStatus: row.status, snapshot: snapshot(row) })),
  );
  await tx.insert(auditLog).values(
    rows.map((row) => ({ userId, actor: 'user', action: 'memory.created', memoryId: row.id, detail: { reason: REASON, version: 1, status: row.status, summary: row.summary } })),
  );
  return rows;
}

/**
 * Imports our own JSON export: validated whole, deduplicated against what exists and within the
 * file, written in one transaction so a failure changes nothing. Active memories get vectors
 * (computed before the transaction); others get theirs when confirmed or restored.
 */
export async function importMemories(db: UserDb, json: string, embedder: Embedder): Promise<z.output<typeof importOutput>> {
  const file = parseFile(json);
  const skippedItems: { index: number; summary: string; reason: string }[] = [];
  const pickNew = (existing: Set<string>) => {
    const keys = new Set(existing);
    const picked: { index: number; item: ExportedMemory }[] = [];
    skippedItems.length = 0;
    file.memories.forEach((item, index) => {
      const key = dedupKey(item);
      // The same rule as the pipeline: a secret in a summary or a quote is never stored, and
      // the skipped list does not repeat it.
      if ([item.summary, ...item.sources.map((source) => source.quote)].some((text) => findSecrets(text).length > 0)) {
        skippedItems.push({ index, summary: maskSecrets(item.summary), reason: 'contains a password, key or card number' });
        return;
      }
      if (keys.has(key)) {
        skippedItems.push({ index, summary: item.summary, reason: existing.has(key) ? 'already exists' : 'repeated in the file' });
        return;
      }
      keys.add(key);
      picked.push({ index, item });
    });
    return picked;
  };
  const existingKeys = (tx: Tx) => tx.select({ type: memories.type, summary: memories.summary }).from(memories).then((rows) => new Set(rows.map(dedupKey)));

  const firstPick = pickNew(await db.run(existingKeys));
  const toEmbed = firstPick.filter((p) => p.item.status === 'active');
  const vectors = new Map<number, number[]>();
  for (let i = 0; i < toEmbed.length; i += CHUNK) {
    const batch = toEmbed.slice(i, i + CHUNK);
    const out = await embedder.embed(batch.map((p) => embeddingText(p.item)));
    batch.forEach((p, j) => {
      const v = out[j];
      if (v) vectors.set(p.index, v);
    });
  }

  const added = await db.run(async (tx) => {
    await lockUserMemory(tx, db.userId);
    // Re-check under the lock: the pipeline may have written the same memory meanwhile.
    const picked = pickNew(await existingKeys(tx));
    const kept = await visibleConversations(tx, picked.map((p) => p.item));
    for (let i = 0; i < picked.length; i += CHUNK) {
      const batch = picked.slice(i, i + CHUNK);
      const rows = await insertChunk(tx, db.userId, batch.map((p) => p.item), kept);
      for (const [j, row] of rows.entries()) {
        const vector = vectors.get(batch[j]?.index ?? -1);
        if (vector && row.status === 'active') await storeEmbedding(tx, row, embedder.modelId, vector);
      }
    }
    await tx.insert(auditLog).values({
      userId: db.userId,
      actor: 'user',
      action: 'memory.imported',
      detail: { added: picked.length, skipped: file.memories.length - picked.length, exportedAt: file.exportedAt },
    });
    return picked.length;
  });
  // Lists skipped items without their text growing the response unboundedly.
  return { added, skipped: file.memories.length - added, skippedItems: skippedItems.slice(0, MAX_LISTED_SKIPS) };
}

