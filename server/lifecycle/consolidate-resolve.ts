/**
 * Consolidation's conflict pass (SPEC §4.4): a conflicted statement that is newer than the
 * active item it contradicts and was said at least twice replaces it (rival → superseded, it →
 * active, its identical twins folded into it); otherwise it stays conflicted and nothing is
 * written, so re-runs stay quiet until the user says something new. Every change is a version
 * with its reason, by the `consolidation` actor.
 */
import { eq, inArray } from 'drizzle-orm';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { embeddingText } from '../memory/embedder';
import { storeEmbedding } from '../memory/embeddings';
import type { MemoryRow } from '../memory/memory-types';
import { updateMemory } from '../memory/repository';
import { lockUserMemory } from '../memory/user-lock';
import { conflictTwins, decideConflict, findRival, type ConflictDecision } from './consolidate-conflicts';
import { CONSOLIDATION_ACTOR, copySources, heardOf } from '../memory/merge/write';
import { listChange } from './report';
import { paceBeforeTransaction } from './pacing';
import type { JobRequest } from './run-decay';
import type { ConsolidationDeps, ConsolidationResult } from './run-consolidation';

type Won = Extract<ConflictDecision, { outcome: 'won' }>;

interface Plan {
  decisions: Won[];
  rows: Map<string, MemoryRow>;
}

async function planResolutions(tx: Tx): Promise<Plan> {
  const conflicted = await tx.select().from(memories).where(eq(memories.status, 'conflicted')).orderBy(memories.createdAt, memories.id);
  if (conflicted.length === 0) return { decisions: [], rows: new Map() };
  const types = [...new Set(conflicted.map((c) => c.type))];
  const active = (await tx.select().from(memories).where(inArray(memories.type, types))).filter((m) => m.status === 'active');
  const pairs = conflictTwins(conflicted).flatMap((twins) => {
    const rival = twins[0] ? findRival(twins[0], active) : null;
    return rival ? [{ twins, rival }] : [];
  });
  const heard = await heardOf(tx, [...pairs.flatMap((p) => p.twins), ...pairs.map((p) => p.rival)]);
  const decisions: Won[] = [];
  for (const { twins, rival } of pairs) {
    const rivalHeard = heard.get(rival.id);
    if (!rivalHeard) continue;
    const decision = decideConflict(twins, heard, rival, rivalHeard);
    if (decision.outcome === 'won') decisions.push(decision);
  }
  return { decisions, rows: new Map([...conflicted, ...active].map((r) => [r.id, r])) };
}

const idsOf = (d: Won) => [d.winnerId, d.rivalId, ...d.twinIds];

export async function resolveConflicts(deps: ConsolidationDeps, userId: string, request: JobRequest, result: ConsolidationResult): Promise<void> {
  await paceBeforeTransaction(deps);
  const plan = await deps.withUser(userId, planResolutions);
  if (plan.decisions.length === 0) return;
  const row = (id: string) => plan.rows.get(id);
  const dryRun = request.dryRun ?? false;
  const vectors = dryRun
    ? []
    : await deps.embedder.embed(plan.decisions.map((d) => {
        const winner = row(d.winnerId);
        return embeddingText({ type: winner?.type ?? 'semantic', summary: winner?.summary ?? '', entities: winner?.entities ?? [] });
      }));

  const note = (d: Won) => {
    const winner = row(d.winnerId);
    const rival = row(d.rivalId);
    result.counts.conflict_won = (result.counts.conflict_won ?? 0) + 1;
    result.counts.conflict_lost = (result.counts.conflict_lost ?? 0) + 1;
    listChange(result, { memoryId: d.winnerId, summary: winner?.summary ?? '', from: 'conflicted', to: 'active', outcome: 'conflict_won', reason: d.winnerReason });
    listChange(result, { memoryId: d.rivalId, summary: rival?.summary ?? '', from: 'active', to: 'superseded', outcome: 'conflict_lost', reason: d.rivalReason });
  };
  if (dryRun) {
    plan.decisions.forEach(note);
    return;
  }

  // One short transaction per decision, like the summaries (run-consolidation.ts).
  for (const [i, d] of plan.decisions.entries()) {
    await paceBeforeTransaction(deps);
    const merged = await deps.withUser(userId, async (tx) => {
      await lockUserMemory(tx, userId);
      const fresh = new Map((await tx.select().from(memories).where(inArray(memories.id, idsOf(d)))).map((r) => [r.id, r]));
      const [winner, rival] = [fresh.get(d.winnerId), fresh.get(d.rivalId)];
      const twins = d.twinIds.map((id) => fresh.get(id));
      const unchanged = idsOf(d).every((id) => fresh.get(id)?.version === row(id)?.version);
      if (!winner || !rival || !unchanged || winner.status !== 'conflicted' || rival.status !== 'active' || twins.some((t) => t?.status !== 'conflicted')) return null;
      await updateMemory(tx, rival, { status: 'superseded', statusReason: d.rivalReason }, { actor: CONSOLIDATION_ACTOR, reason: d.rivalReason }, 'memory.superseded');
      await copySources(tx, winner, d.twinIds);
      const active = await updateMemory(tx, winner, { supersedesId: rival.id, status: 'active', statusReason: null }, { actor: CONSOLIDATION_ACTOR, reason: d.winnerReason }, 'memory.confirmed');
      for (const twin of twins as MemoryRow[]) {
        const reason = `Merged into ${active.id}: the same statement said again`;
        await updateMemory(tx, twin, { supersedesId: active.id, status: 'merged', statusReason: reason }, { actor: CONSOLIDATION_ACTOR, reason }, 'memory.merged');
      }
      const vector = vectors[i];
      if (vector) await storeEmbedding(tx, active, deps.embedder.modelId, vector);
      return twins.length;
    });
    if (merged === null) {
      result.skipped += 1;
      continue;
    }
    result.counts.merged = (result.counts.merged ?? 0) + merged;
    note(d);
  }
}
