/**
 * Dedup, update and conflict (SPEC §4.4): decides, for each validated item, whether it repeats
 * an existing memory (merge its source in), corrects one (supersede it), contradicts one without
 * saying so (enter as conflicted beside it), confirms a waiting candidate, or is new.
 * Runs inside the caller's withUser transaction, which holds the user's memory lock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { memories, memorySources } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { createMemory, type NewMemory } from './create-memory';
import type { ValidatedMemory } from './extraction-schema';
import { findSimilarMemories, storeEmbedding, type SimilarMemory } from './embeddings';
import { CHANGE_MARKER, entitiesOverlap, normaliseSummary, slotKey, termCoverage } from './memory-match';
import type { Actor, MemoryRow } from './memory-types';
import { updateMemory } from './update-memory';

export type ApplyOutcome = 'created' | 'merged' | 'confirmed' | 'superseded' | 'conflicted';

export interface ApplyContext {
  userId: string;
  conversationId: string | null;
  actor: Actor;
  embeddingModel: string;
  /** When the memory is learned; defaults to the database clock (replays set the session time). */
  now?: Date;
  /** The message the item's source replied to; indexed with a new memory (search-text.ts). */
  context?: string | null;
}

export interface AppliedItem {
  outcome: ApplyOutcome;
  memory: MemoryRow;
  /** The memory merged into, superseded or contradicted, when there is one. */
  related?: MemoryRow;
}

// Below this a memory is a different topic; between it and the dedup threshold, the same topic
// said differently (a correction's target or a contradiction).
const SAME_TOPIC_SIMILARITY = 0.5;

function toNewMemory(item: ValidatedMemory, ctx: ApplyContext, status: MemoryRow['status'], extra: Partial<NewMemory> = {}): NewMemory {
  return {
    userId: ctx.userId,
    type: item.type,
    kind: item.kind,
    summary: item.summary,
    entities: item.entities,
    importance: item.importance,
    confidence: item.confidence,
    origin: item.origin,
    validity: item.validity,
    validUntil: item.valid_until ? new Date(item.valid_until) : null,
    occurredAt: item.occurred_at ? new Date(item.occurred_at) : null,
    sensitive: item.sensitive,
    status,
    statusReason: item.statusReason,
    sourceConversationId: ctx.conversationId,
    sourceMessageId: item.sourceMessageId,
    quote: item.quote,
    context: ctx.context ?? null,
    ...(ctx.now ? { createdAt: ctx.now, updatedAt: ctx.now } : {}),
    ...extra,
  };
}

async function addSource(tx: Tx, memory: MemoryRow, item: ValidatedMemory, ctx: ApplyContext): Promise<void> {
  await tx
    .insert(memorySources)
    .values({ memoryId: memory.id, userId: ctx.userId, conversationId: ctx.conversationId, messageId: item.sourceMessageId, quote: item.quote })
    .onConflictDoNothing();
}

/** A candidate saying the same thing: its second consistent signal (SPEC §3). */
async function findCandidateTwin(tx: Tx, item: ValidatedMemory): Promise<MemoryRow | null> {
  const candidates = await tx
    .select()
    .from(memories)
    .where(and(eq(memories.status, 'candidate'), eq(memories.type, item.type), eq(memories.kind, item.kind)));
  const wanted = normaliseSummary(item.summary);
  return candidates.find((c) => normaliseSummary(c.summary) === wanted && c.sourceMessageId !== item.sourceMessageId) ?? null;
}

/** What a correction refers to: named by its conflict hint, else the closest same-topic item. */
function findCorrectionTarget(item: ValidatedMemory, similar: SimilarMemory[]): MemoryRow | null {
  const live = similar.filter((s) => s.memory.status === 'active' || s.memory.status === 'conflicted');
  const hint = item.conflict_hint;
  if (hint) {
    const named = live
      .map((s) => ({ s, coverage: Math.max(termCoverage(hint, `${s.memory.summary} ${s.memory.entities.join(' ')}`), entitiesOverlap([hint], s.memory.entities) ? 1 : 0) }))
      .filter((x) => x.coverage >= 0.5)
      .sort((a, b) => b.coverage - a.coverage || b.s.similarity - a.s.similarity);
    if (named[0]) return named[0].s.memory;
  }
  const sameTopic = live.find((s) => s.similarity >= SAME_TOPIC_SIMILARITY && s.memory.kind === item.kind);
  return sameTopic?.memory ?? null;
}

// Facts that hold one value at a time (you live in one city); preferences can coexist.
const SINGLE_VALUED_KINDS = new Set(['fact', 'relationship']);

/** An active fact in the same slot with other particulars ("Lives in Shanghai" vs "Lives in Hangzhou"). */
async function findSlotRival(tx: Tx, item: ValidatedMemory): Promise<MemoryRow | null> {
  if (!SINGLE_VALUED_KINDS.has(item.kind) || item.entities.length === 0) return null;
  const key = slotKey(item.summary, item.entities);
  if (key.length < 3) return null;
  const rivals = await tx
    .select()
    .from(memories)
    .where(and(eq(memories.status, 'active'), eq(memories.type, item.type), eq(memories.kind, item.kind)));
  return (
    rivals.find(
      (m) => m.entities.length > 0 && slotKey(m.summary, m.entities) === key && !entitiesOverlap(m.entities, item.entities),
    ) ?? null
  );
}

/** Same slot, different content: same type and kind, about the same thing, not a paraphrase. */
function findContradiction(item: ValidatedMemory, similar: SimilarMemory[]): MemoryRow | null {
  const hit = similar.find(
    (s) =>
      s.memory.status === 'active' &&
      s.memory.type === item.type &&
      s.memory.kind === item.kind &&
      s.similarity >= SAME_TOPIC_SIMILARITY &&
      s.similarity < config.memory.dedupCosine &&
      item.conflict_hint !== null &&
      termCoverage(item.conflict_hint, `${s.memory.summary} ${s.memory.entities.join(' ')}`) >= 0.5,
  );
  return hit?.memory ?? null;
}

export async function applyValidatedMemory(tx: Tx, item: ValidatedMemory, vector: number[], ctx: ApplyContext): Promise<AppliedItem> {
  const similar = await findSimilarMemories(tx, vector, ctx.embeddingModel, { statuses: ['active', 'conflicted'], limit: 10 });
  const store = async (row: MemoryRow) => {
    if (row.status === 'active') await storeEmbedding(tx, row, ctx.embeddingModel, vector);
  };

  if (!item.negative_update) {
    const duplicate = similar.find(
      (s) =>
        s.memory.status === 'active' &&
        s.memory.type === item.type &&
        s.similarity >= config.memory.dedupCosine &&
        entitiesOverlap(s.memory.entities, item.entities),
    );
    if (duplicate) {
      const current = duplicate.memory;
      await addSource(tx, current, item, ctx);
      const merged = await updateMemory(
        tx,
        current,
        {
          accessCount: current.accessCount + 1,
          confidence: item.confidence === 'high' ? 'high' : current.confidence,
          importance: Math.max(current.importance, item.importance),
        },
        { actor: ctx.actor, reason: `Heard again: "${item.quote}"` },
        'memory.merged',
      );
      return { outcome: 'merged', memory: merged, related: current };
    }
    const twin = await findCandidateTwin(tx, item);
    if (twin) {
      await addSource(tx, twin, item, ctx);
      const confirmed = await updateMemory(
        tx,
        twin,
        { status: 'active', statusReason: null, confidence: 'high' },
        { actor: ctx.actor, reason: `Confirmed by a second consistent statement: "${item.quote}"` },
        'memory.confirmed',
      );
      await store(confirmed);
      return { outcome: 'confirmed', memory: confirmed, related: twin };
    }
  }

  // A new value in a single-valued slot: said as a change ("I live in Hangzhou now") it is a
  // correction; said plainly it contradicts, and waits beside the old one (SPEC §4.4).
  const rival = item.negative_update ? null : await findSlotRival(tx, item);
  const correcting = item.negative_update || (rival !== null && CHANGE_MARKER.test(item.quote));

  if (correcting) {
    const target = item.negative_update ? findCorrectionTarget(item, similar) : rival;
    if (target) {
      const superseded = await updateMemory(
        tx,
        target,
        { status: 'superseded', statusReason: `Corrected by the user: "${item.quote}"` },
        { actor: ctx.actor, reason: `Corrected by the user: "${item.quote}"` },
        'memory.superseded',
      );
      const created = await createMemory(tx, toNewMemory(item, ctx, item.status, { supersedesId: target.id }), {
        actor: ctx.actor,
        reason: `Replaces "${target.summary}"`,
      });
      await store(created);
      return { outcome: 'superseded', memory: created, related: superseded };
    }
  } else {
    const contradicted = rival ?? findContradiction(item, similar);
    if (contradicted) {
      const created = await createMemory(
        tx,
        toNewMemory(item, ctx, 'conflicted', { statusReason: `Contradicts "${contradicted.summary}" without a correction; waiting for confirmation` }),
        { actor: ctx.actor, reason: `Contradicts "${contradicted.summary}"` },
      );
      return { outcome: 'conflicted', memory: created, related: contradicted };
    }
  }

  const created = await createMemory(tx, toNewMemory(item, ctx, item.status), {
    actor: ctx.actor,
    reason: item.status === 'candidate' ? (item.statusReason ?? 'Needs confirmation') : `Said by the user: "${item.quote}"`,
  });
  await store(created);
  return { outcome: 'created', memory: created };
}

/** Loads memories by id (for callers that need fresh rows after a batch). */
export async function loadMemories(tx: Tx, ids: string[]): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(memories).where(inArray(memories.id, ids));
}
