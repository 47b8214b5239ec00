import { and, asc, eq, inArray } from 'drizzle-orm';
import { memoryVersions } from '../../db/schema';
import type { Tx } from '../../db/types';
import { NO_DEMOTIONS, type DemotionHistory } from './decay-rules';

export const DECAY_ACTOR = 'job:decay' as const;

const AS_OF = / \(as of (\d{4}-\d{2}-\d{2}T[\d:.]+Z)\)$/;

/**
 * A demotion's reason carries the job's own "now": the candidate timeout counts from it, and
 * the version's createdAt is the database clock, which differs from an injected clock (`--now`,
 * tests). Without it a re-run at the same injected time could forget what it just demoted.
 */
export function withAsOf(reason: string, now: Date): string {
  return `${reason} (as of ${now.toISOString()})`;
}

function demotedAt(reason: string, fallback: Date): Date {
  const match = AS_OF.exec(reason);
  const at = match?.[1] ? new Date(match[1]) : fallback;
  return Number.isNaN(at.getTime()) ? fallback : at;
}

const counter = (snapshot: Record<string, unknown>, key: string): number => {
  const value = snapshot[key];
  return typeof value === 'number' ? value : 0;
};

/**
 * Earlier feedback demotions of these memories, read from their versions: decay is the only
 * writer that moves an item to candidate as `job:decay`, so those rows are the demotions, and
 * each snapshot holds the counters the next demotion is measured from.
 */
export async function demotionHistories(tx: Tx, memoryIds: string[]): Promise<Map<string, DemotionHistory>> {
  const histories = new Map<string, DemotionHistory>();
  if (memoryIds.length === 0) return histories;
  const rows = await tx
    .select({ memoryId: memoryVersions.memoryId, createdAt: memoryVersions.createdAt, reason: memoryVersions.reason, snapshot: memoryVersions.snapshot })
    .from(memoryVersions)
    .where(and(inArray(memoryVersions.memoryId, memoryIds), eq(memoryVersions.actor, DECAY_ACTOR), eq(memoryVersions.newStatus, 'candidate')))
    .orderBy(asc(memoryVersions.version));
  for (const row of rows) {
    const previous = histories.get(row.memoryId) ?? NO_DEMOTIONS;
    histories.set(row.memoryId, {
      count: previous.count + 1,
      last: { at: demotedAt(row.reason, row.createdAt), accessCount: counter(row.snapshot, 'accessCount'), failCount: counter(row.snapshot, 'failCount') },
    });
  }
  return histories;
}
