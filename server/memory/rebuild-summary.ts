/**
 * Deletion reaches what was derived from a memory (SPEC §7): a consolidated summary still says
 * what its deleted source said. It is rebuilt from the sources that remain — new text (the rule
 * summary: deterministic, no model call inside a delete), entities, importance, quote and source
 * links — and its earlier versions, vectors and audit texts, which quote the deleted memory, go.
 * The configured model's vector comes back through the re-embed job. A summary left with one
 * source is no summary: that source becomes active again and the summary is removed (by the
 * caller, which deletes it like any memory).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { reembedRequested } from '../events/contracts';
import { memories, memoryEmbeddings, memorySources } from '../../db/schema';
import type { Tx } from '../../db/types';
import { enqueueEvent } from '../events/outbox';
import { happenedAt, summaryLevelOf, unionEntities } from './merge/groups';
import { copySources } from './merge/write';
import { ruleSummary } from './merge/summary';
import type { Actor, MemoryRow } from './memory-types';
import { rewriteWithoutHistory, updateMemory } from './repository';

/** What became of the summary a deleted memory had been merged into. */
export type SummaryOutcome = { kind: 'rebuilt'; summary: MemoryRow } | { kind: 'remove'; summary: MemoryRow } | null;

const byHappened = (a: MemoryRow, b: MemoryRow) => happenedAt(a).getTime() - happenedAt(b).getTime();

async function members(tx: Tx, summaryId: string, without: string | null): Promise<MemoryRow[]> {
  const filters = [eq(memories.supersedesId, summaryId), eq(memories.status, 'merged')];
  if (without) filters.push(ne(memories.id, without));
  const rows = await tx.select().from(memories).where(and(...filters)).orderBy(asc(memories.createdAt));
  return rows.sort(byHappened);
}

/** The configured model's vector for a memory whose text changed or that became active again. */
async function requestVectors(tx: Tx, memory: MemoryRow): Promise<void> {
  await enqueueEvent(tx, {
    userId: memory.userId,
    event: reembedRequested.name,
    payload: { userId: memory.userId },
    idempotencyKey: `reembed-${memory.id}-${memory.version}`,
  });
}

async function rewrite(tx: Tx, summary: MemoryRow, sources: MemoryRow[], actor: Actor): Promise<MemoryRow> {
  const level = summaryLevelOf(summary.kind) === 2 ? 2 : 1;
  const topic = summary.entities[0] ?? summary.kind;
  const latest = sources.at(-1)!;
  // Everything that could quote the deleted source: old vectors and source links here, old texts
  // (versions, audit entries) in rewriteWithoutHistory.
  await tx.delete(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, summary.id));
  await tx.delete(memorySources).where(eq(memorySources.memoryId, summary.id));
  const rebuilt = await rewriteWithoutHistory(
    tx,
    summary,
    {
      quote: latest.quote,
      sourceConversationId: latest.sourceConversationId,
      sourceMessageId: latest.sourceMessageId,
      summary: ruleSummary({ topic, level, members: sources.map((m) => ({ summary: m.summary, happenedAt: happenedAt(m) })) }),
      entities: unionEntities(topic, sources.map((m) => m.entities)),
      importance: Math.max(...sources.map((m) => m.importance)),
      sensitive: sources.some((m) => m.sensitive),
    },
    { actor, reason: `Rebuilt from its ${sources.length} remaining sources after one was deleted` },
  );
  await copySources(tx, rebuilt, sources.map((m) => m.id));
  await requestVectors(tx, rebuilt);
  return rebuilt;
}

/**
 * Call after deleting `deleted` (a row read before the delete). Rebuilds the summary it was merged
 * into, and a level-2 summary above that in turn; or says the summary must go.
 */
export async function summaryAfterSourceDeleted(tx: Tx, deleted: Pick<MemoryRow, 'id' | 'status' | 'supersedesId'>, actor: Actor): Promise<SummaryOutcome> {
  if (deleted.status !== 'merged' || !deleted.supersedesId) return null;
  const [summary] = await tx.select().from(memories).where(eq(memories.id, deleted.supersedesId));
  if (!summary || summaryLevelOf(summary.kind) === 0) return null;
  const remaining = await members(tx, summary.id, deleted.id);
  if (remaining.length < 2) {
    for (const lone of remaining) {
      const restored = await updateMemory(
        tx,
        lone,
        { supersedesId: null, status: 'active', statusReason: null },
        { actor, reason: 'Restored: its summary was removed after another source was deleted' },
        'memory.restored',
      );
      await requestVectors(tx, restored);
    }
    return { kind: 'remove', summary };
  }
  let rebuilt = await rewrite(tx, summary, remaining, actor);
  // A level-1 summary folded into a level-2 one changed its text: the level-2 text follows.
  const outcome: SummaryOutcome = { kind: 'rebuilt', summary: rebuilt };
  while (rebuilt.status === 'merged' && rebuilt.supersedesId) {
    const [parent] = await tx.select().from(memories).where(eq(memories.id, rebuilt.supersedesId));
    if (!parent || summaryLevelOf(parent.kind) === 0) break;
    rebuilt = await rewrite(tx, parent, await members(tx, parent.id, null), actor);
  }
  return outcome;
}
