/**
 * Consolidation's decision on conflicted items (SPEC §4.4, §6), as pure functions: find the
 * active rival an item contradicts, then let recency and repetition decide. The write pipeline
 * stores each repetition of a contradiction as its own conflicted row, so identical conflicted
 * statements ("twins") are judged together and their sources counted together.
 */
import type { MemoryRow } from '../memory/memory-types';
import { entitiesOverlap, normaliseSummary, slotKey } from '../memory/memory-match';
import { consolidationConfig } from '../memory/merge/config';
import type { Heard } from '../memory/merge/write';

export type ConflictItem = Pick<MemoryRow, 'id' | 'type' | 'kind' | 'summary' | 'entities' | 'statusReason'>;

export type { Heard };

export type ConflictDecision =
  | { outcome: 'won'; winnerId: string; twinIds: string[]; rivalId: string; winnerReason: string; rivalReason: string }
  | { outcome: 'kept'; reason: string };

const twinKey = (item: ConflictItem) => `${item.type}|${normaliseSummary(item.summary)}`;

/** Conflicted items grouped by identical statement (same type, same normalised summary). */
export function conflictTwins<T extends ConflictItem>(conflicted: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of conflicted) groups.set(twinKey(item), [...(groups.get(twinKey(item)) ?? []), item]);
  return [...groups.values()];
}

// apply-memories.ts writes `Contradicts "<rival summary>" without a correction; …`.
const CONTRADICTS = /^Contradicts "(.+)" without a correction/su;

/**
 * The active item a conflicted one contradicts: the one its status reason names; else the same
 * slot ("Lives in Shanghai" / "Lives in Hangzhou"); else the same type and kind about a shared
 * entity. Never an item saying the same thing.
 */
export function findRival<T extends ConflictItem>(item: ConflictItem, active: T[]): T | null {
  const candidates = active.filter((a) => a.type === item.type && normaliseSummary(a.summary) !== normaliseSummary(item.summary));
  const named = item.statusReason ? CONTRADICTS.exec(item.statusReason)?.[1] : undefined;
  if (named !== undefined) {
    const hit = candidates.find((a) => normaliseSummary(a.summary) === normaliseSummary(named));
    if (hit) return hit;
  }
  const sameKind = candidates.filter((a) => a.kind === item.kind);
  const slot = slotKey(item.summary, item.entities);
  if (slot.length >= 3) {
    const hit = sameKind.find((a) => slotKey(a.summary, a.entities) === slot);
    if (hit) return hit;
  }
  if (item.entities.length === 0) return null;
  return sameKind.find((a) => a.entities.length > 0 && entitiesOverlap(a.entities, item.entities)) ?? null;
}

/**
 * The newer, repeated statement wins: its latest source is later than the rival's latest, and
 * the twins together have at least `conflictMinSources` distinct sources. Otherwise it stays
 * conflicted beside the rival until the user confirms or says it again.
 */
export function decideConflict(
  twins: ConflictItem[],
  heard: ReadonlyMap<string, Heard>,
  rival: ConflictItem,
  rivalHeard: Heard,
): ConflictDecision {
  const timed = twins
    .map((t) => ({ t, at: heard.get(t.id)?.lastHeardAt.getTime() ?? 0 }))
    .sort((a, b) => b.at - a.at || a.t.id.localeCompare(b.t.id));
  const newest = timed[0];
  if (!newest) return { outcome: 'kept', reason: 'nothing to decide' };
  const sources = twins.reduce((n, t) => n + (heard.get(t.id)?.sources ?? 0), 0);
  if (newest.at <= rivalHeard.lastHeardAt.getTime()) {
    return { outcome: 'kept', reason: `"${rival.summary}" was said more recently` };
  }
  if (sources < consolidationConfig.conflictMinSources) {
    return { outcome: 'kept', reason: `said ${sources} time(s); ${consolidationConfig.conflictMinSources} are needed to replace "${rival.summary}"` };
  }
  const winner = newest.t;
  return {
    outcome: 'won',
    winnerId: winner.id,
    twinIds: timed.slice(1).map((x) => x.t.id),
    rivalId: rival.id,
    winnerReason: `Consolidation: said ${sources} times and more recently than "${rival.summary}"; the newer, repeated statement wins`,
    rivalReason: `Consolidation: replaced by "${winner.summary}", said ${sources} times and more recently`,
  };
}
