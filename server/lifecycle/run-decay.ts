/**
 * The daily decay job (SPEC §6): for every user, in batches, decide each memory's fate with the
 * pure rules and apply it through updateMemory (a version row and an audit entry per change).
 * Idempotent: what decay changes leaves the rules' scope, so a second run finds nothing.
 */
import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { WithSystem, WithUser } from '../../db/boundary';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import type { Steps } from '../jobs/steps';
import { StaleMemoryError, type MemoryRow } from '../memory/memory-types';
import { updateMemory } from '../memory/update-memory';
import { lockUserMemory } from '../memory/user-lock';
import { addDays } from './clock';
import { DECAY_ACTOR, demotionHistories, withAsOf } from './decay-history';
import { DECAY_OUTCOMES, NO_DEMOTIONS, decideDecay, type DecayOutcome } from './decay-rules';
import { emptyReport, listChange, mergeUserResult, type JobReport, type UserResult } from './report';
import { forEachUserInBatches } from './user-batches';

export interface LifecycleDeps {
  withUser: WithUser;
  withSystem: WithSystem;
  /** Users per step; config.lifecycle.userBatchSize by default. */
  batchSize?: number;
}

export interface JobRequest {
  now: Date;
  userId?: string;
  dryRun?: boolean;
}

export type DecayReport = JobReport<DecayOutcome>;

/**
 * Only rows some rule could touch: a necessary condition in SQL keeps the scan to the few
 * candidates for change; decideDecay has the final word.
 */
async function decayCandidates(tx: Tx, userId: string, now: Date): Promise<MemoryRow[]> {
  const minIdleDays = Math.min(...Object.values(config.lifecycle.archiveIdleDays));
  return tx
    .select()
    .from(memories)
    .where(
      and(
        eq(memories.userId, userId),
        eq(memories.pinned, false),
        lt(memories.importance, config.lifecycle.neverDecayImportance),
        or(
          and(eq(memories.status, 'candidate'), lte(memories.createdAt, addDays(now, -config.memory.candidateTimeoutDays))),
          and(
            eq(memories.status, 'active'),
            or(
              lt(memories.validUntil, now),
              gt(memories.failCount, 0),
              lte(sql`coalesce(${memories.lastAccessedAt}, ${memories.createdAt})`, addDays(now, -minIdleDays)),
            ),
          ),
        ),
      ),
    )
    .orderBy(memories.id);
}

/**
 * One user's decay: the candidates are read once, then changed in small transactions (each under
 * the memory lock, so it never races extraction). One transaction for a user's hundreds of
 * changes would make a concurrent chat wait for all of them (npm run bench:jobs).
 */
export async function decayUser(withUser: WithUser, userId: string, request: JobRequest): Promise<UserResult<DecayOutcome>> {
  const { rows, histories } = await withUser(userId, async (tx) => {
    const found = await decayCandidates(tx, userId, request.now);
    return { rows: found, histories: await demotionHistories(tx, found.map((r) => r.id)) };
  });
  const result: UserResult<DecayOutcome> = { userId, counts: {}, skipped: 0, changes: [], truncated: false };
  const planned = rows.flatMap((row) => {
    const decision = decideDecay(row, histories.get(row.id) ?? NO_DEMOTIONS, request.now);
    if (!decision) return [];
    const reason = decision.outcome === 'demoted' ? withAsOf(decision.reason, request.now) : decision.reason;
    return [{ row, decision, reason }];
  });
  const record = ({ row, decision, reason }: (typeof planned)[number]) => {
    result.counts[decision.outcome] = (result.counts[decision.outcome] ?? 0) + 1;
    listChange(result, { memoryId: row.id, summary: row.summary, from: row.status, to: decision.status, outcome: decision.outcome, reason });
  };
  if (request.dryRun) {
    planned.forEach(record);
    return result;
  }
  for (let start = 0; start < planned.length; start += config.lifecycle.writeChunk) {
    const chunk = planned.slice(start, start + config.lifecycle.writeChunk);
    await withUser(userId, async (tx) => {
      await lockUserMemory(tx, userId);
      for (const change of chunk) {
        try {
          await updateMemory(tx, change.row, { status: change.decision.status, statusReason: change.reason }, { actor: DECAY_ACTOR, reason: change.reason }, 'memory.decayed');
        } catch (error) {
          // Someone edited it since it was read: their edit wins; tomorrow's run looks again.
          if (!(error instanceof StaleMemoryError)) throw error;
          result.skipped += 1;
          continue;
        }
        record(change);
      }
    });
  }
  return result;
}

export async function runDecay(steps: Steps, request: JobRequest, deps: LifecycleDeps): Promise<DecayReport> {
  const results = await forEachUserInBatches(
    steps,
    { name: 'decay', withSystem: deps.withSystem, batchSize: deps.batchSize ?? config.lifecycle.userBatchSize, userId: request.userId },
    (userId) => decayUser(deps.withUser, userId, request),
  );
  return results.reduce(mergeUserResult, emptyReport(DECAY_OUTCOMES, request));
}
