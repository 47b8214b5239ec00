/**
 * Which episodic items consolidation folds together (SPEC §6), as a pure function of the rows
 * and "now". The level of a summary lives in its kind (`summary_1`, `summary_2`): raw items are
 * level 0, a summary of raw items level 1, a summary of level-1 summaries level 2, and level 2
 * is never merged again. Kinds stay in the `[a-z0-9_]` form the memory editor accepts.
 */
import type { MemoryRow } from '../memory-types';
import { entitiesOverlap } from '../memory-match';
import { consolidationConfig } from './config';

const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);

export type SummaryLevel = 1 | 2;

export type GroupableItem = Pick<MemoryRow, 'id' | 'type' | 'status' | 'kind' | 'summary' | 'entities' | 'pinned' | 'occurredAt' | 'createdAt'>;

export interface ConsolidationGroup {
  /** The level of the summary this group becomes. */
  level: SummaryLevel;
  /** The shared entity, spelled as the earliest member spells it. */
  topic: string;
  /** Member ids, oldest first. */
  memberIds: string[];
}

const SUMMARY_KIND = /^summary_(\d)$/;

/** 0 for an ordinary item, else the summary level recorded in its kind. */
export function summaryLevelOf(kind: string): number {
  const match = SUMMARY_KIND.exec(kind);
  return match ? Number(match[1]) : 0;
}

export const summaryKind = (level: SummaryLevel): string => `summary_${level}`;

/** When the item happened, or when it was stored when it has no event time. */
export const happenedAt = (item: Pick<GroupableItem, 'occurredAt' | 'createdAt'>): Date => item.occurredAt ?? item.createdAt;

/**
 * Items eligible to become part of a `level` summary: active episodic, not pinned (the user
 * asked to keep it as it is), of level `level - 1`, happened within the window before `now`.
 */
export function eligibleForLevel<T extends GroupableItem>(items: T[], level: SummaryLevel, now: Date): T[] {
  const from = addDays(now, -consolidationConfig.windowDays).getTime();
  return items.filter((item) => {
    const at = happenedAt(item).getTime();
    return item.type === 'episodic' && item.status === 'active' && !item.pinned && summaryLevelOf(item.kind) === level - 1 && at >= from && at <= now.getTime();
  });
}

const byTime = (a: GroupableItem, b: GroupableItem) => happenedAt(a).getTime() - happenedAt(b).getTime() || a.id.localeCompare(b.id);
const key = (entity: string) => entity.trim().toLowerCase();

/**
 * Greedy grouping by shared entity: the entity the most remaining items share becomes a group
 * (ties by name, so the result is deterministic), its items leave the pool, repeat. Greedy on
 * one entity rather than connected components, because chains of pairwise overlaps ("release"
 * → "Alice" → "birthday") would glue unrelated topics together. Items with no entities are
 * never grouped: nothing says they are about the same thing.
 */
export function groupsAtLevel(items: GroupableItem[], level: SummaryLevel, now: Date): ConsolidationGroup[] {
  let pool = eligibleForLevel(items, level, now).filter((i) => i.entities.some((e) => key(e) !== '')).sort(byTime);
  const groups: ConsolidationGroup[] = [];
  for (;;) {
    const counts = new Map<string, number>();
    for (const item of pool) for (const e of new Set(item.entities.map(key).filter(Boolean))) counts.set(e, (counts.get(e) ?? 0) + 1);
    const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (!best || best[1] < consolidationConfig.minGroupSize) return groups;
    const members = pool.filter((i) => entitiesOverlap([best[0]], i.entities));
    const topic = members[0]?.entities.find((e) => key(e) === best[0])?.trim() ?? best[0];
    groups.push({ level, topic, memberIds: members.map((m) => m.id) });
    const taken = new Set(members.map((m) => m.id));
    pool = pool.filter((i) => !taken.has(i.id));
  }
}

/** Union of the members' entities, first spelling wins, topic first, capped. */
export function unionEntities(topic: string, lists: string[][]): string[] {
  const seen = new Map<string, string>();
  for (const entity of [topic, ...lists.flat()]) {
    const k = key(entity);
    if (k && !seen.has(k)) seen.set(k, entity.trim());
  }
  return [...seen.values()].slice(0, consolidationConfig.summaryMaxEntities);
}
