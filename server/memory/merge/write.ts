/**
 * The writes of consolidation, inside the caller's withUser transaction under the memory lock
 * (one transaction per summary, so a concurrent chat never waits for a user's whole pass).
 * Links both ways without a migration: summary → sources through the summary's memory_sources
 * (every source's quotes and messages are copied onto it) and its creation version's reason
 * (the source ids); source → summary through the source's `supersedesId` (set with its status
 * change, so the version snapshot records it) and its statusReason "Merged into summary <id>".
 * A user deleting the summary clears those pointers (hardDeleteMemory) and the delete dialog
 * lists the merged items as linked memories.
 */
import { eq, inArray, max, sql } from 'drizzle-orm';
import { memorySources } from '../../../db/schema';
import type { Tx } from '../../../db/types';
import { storeEmbedding } from '../embeddings';
import { StaleMemoryError, type MemoryRow } from '../memory-types';
import { changeStatuses, createMemory } from '../repository';
import { happenedAt, summaryKind, unionEntities, type ConsolidationGroup } from './groups';

export const CONSOLIDATION_ACTOR = 'consolidation' as const;

/** Copies every source of `fromIds` onto `to`, skipping messages (or message-less quotes) it has. */
export async function copySources(tx: Tx, to: Pick<MemoryRow, 'id' | 'userId'>, fromIds: string[]): Promise<void> {
  if (fromIds.length === 0) return;
  const [have, from] = await Promise.all([
    tx.select().from(memorySources).where(eq(memorySources.memoryId, to.id)),
    tx.select().from(memorySources).where(inArray(memorySources.memoryId, fromIds)).orderBy(memorySources.createdAt),
  ]);
  const seen = new Set(have.map((s) => s.messageId ?? `quote:${s.quote}`));
  const rows = [];
  for (const s of from) {
    const k = s.messageId ?? `quote:${s.quote}`;
    if (seen.has(k)) continue;
    seen.add(k);
    rows.push({ memoryId: to.id, userId: to.userId, conversationId: s.conversationId, messageId: s.messageId, quote: s.quote });
  }
  if (rows.length > 0) await tx.insert(memorySources).values(rows).onConflictDoNothing();
}

export interface PreparedSummary {
  group: ConsolidationGroup;
  text: string;
  /** Null in a dry run (nothing is embedded or written). */
  vector: number[] | null;
}

/**
 * Creates the summary of `members` (oldest first) and folds every member into it. Importance is
 * the highest, occurredAt the latest, entities the union; the summary's own quote and message
 * are the latest member's, the rest arrive as copied sources. The members are folded in with a
 * few statements for the whole group (the repository's changeStatuses), not three per member.
 */
export async function writeSummary(tx: Tx, members: MemoryRow[], prepared: PreparedSummary, now: Date, embeddingModel: string): Promise<{ summary: MemoryRow; merged: MemoryRow[] }> {
  const latest = members.at(-1);
  if (!latest) throw new Error('writeSummary: a group has members');
  const { group } = prepared;
  const summary = await createMemory(
    tx,
    {
      userId: latest.userId,
      type: 'episodic',
      kind: summaryKind(group.level),
      summary: prepared.text,
      entities: unionEntities(group.topic, members.map((m) => m.entities)),
      importance: Math.max(...members.map((m) => m.importance)),
      confidence: members.some((m) => m.confidence === 'high') ? 'high' : 'low',
      origin: members.every((m) => m.origin === 'user_stated') ? 'user_stated' : 'assistant_inferred',
      validity: 'permanent',
      sensitive: members.some((m) => m.sensitive),
      status: 'active',
      sourceConversationId: latest.sourceConversationId,
      sourceMessageId: latest.sourceMessageId,
      quote: latest.quote,
      occurredAt: happenedAt(latest),
      createdAt: now,
      updatedAt: now,
    },
    { actor: CONSOLIDATION_ACTOR, reason: `Consolidated ${members.length} items about "${group.topic}" (level ${group.level}): ${members.map((m) => m.id).join(', ')}` },
  );
  await copySources(tx, summary, members.map((m) => m.id));
  if (prepared.vector) await storeEmbedding(tx, summary, embeddingModel, prepared.vector);
  const reason = `Merged into summary ${summary.id}`;
  const { written, stale } = await changeStatuses(
    tx,
    members.map((row) => ({ row, status: 'merged' as const, statusReason: reason, link: summary.id, change: { actor: CONSOLIDATION_ACTOR, reason }, action: 'memory.merged' })),
  );
  // The caller checked every member's version under the lock; a miss means a writer that skips
  // the lock: roll the whole group back rather than leave a summary with half its sources.
  const [moved] = stale;
  if (moved) throw new StaleMemoryError(moved.id, moved.version);
  return { summary, merged: written.map((w) => w.after) };
}

/** Distinct sources and the latest of them (or the row's own creation) per memory. */
/** How often and how recently the user said it: distinct sources and the latest of them. */
export interface Heard {
  sources: number;
  lastHeardAt: Date;
}

export async function heardOf(tx: Tx, rows: Pick<MemoryRow, 'id' | 'createdAt'>[]): Promise<Map<string, Heard>> {
  const heard = new Map<string, Heard>(rows.map((r) => [r.id, { sources: 0, lastHeardAt: r.createdAt }]));
  if (rows.length === 0) return heard;
  const stats = await tx
    .select({
      memoryId: memorySources.memoryId,
      last: max(memorySources.createdAt),
      sources: sql<number>`count(distinct coalesce(${memorySources.messageId}::text, ${memorySources.quote}))::int`,
    })
    .from(memorySources)
    .where(inArray(memorySources.memoryId, rows.map((r) => r.id)))
    .groupBy(memorySources.memoryId);
  for (const s of stats) {
    const own = heard.get(s.memoryId);
    if (!own) continue;
    const last = s.last ? new Date(s.last) : own.lastHeardAt;
    heard.set(s.memoryId, { sources: Number(s.sources), lastHeardAt: last > own.lastHeardAt ? last : own.lastHeardAt });
  }
  return heard;
}
