/**
 * The daily decay job (SPEC §6): for every user, in batches, decide each memory's fate with the
 * pure rules and apply it (a version row and an audit entry per change, apply-status-changes.ts).
 * Idempotent: what decay changes leaves the rules' scope, so a second run finds nothing.
 */
import { and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { WithSystem, WithUser } from '../../db/boundary';
import { memories } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { paceBeforeTransaction, type PacingDeps } from './pacing';
import type { Steps } from '../steps';
import type { MemoryRow } from '../memory/memory-types';
import { lockUserMemory } from '../memory/user-lock';
import { addDays } from './clock';
import { DECAY_ACTOR, demotionHistories, withAsOf } from './decay-history';
import { changeStatuses } from '../memory/repository';
import { DECAY_OUTCOMES, NO_DEMOTIONS, decideDecay, type DecayDecision, type DecayOutcome } from './decay-rules';
import { emptyReport, listChange, mergeUserResult, type JobReport, type UserResult } from './report';
import { forEachUserInBatches } from './user-batches';

export interface LifecycleDeps extends PacingDeps {
  withUser: WithUser;
  withSystem: WithSystem;
  /** Users per step; config.lifecycle.userBatchSize by default. */
  batchSize?: number;
  /** Changes per write transaction; config.lifecycle.writeChunk by default. */
  writeChunk?: number;
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
async function decayCandidateIds(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const minIdleDays = Math.min(...Object.values(config.lifecycle.archiveIdleDays));
  const rows = await tx
    .select({ id: memories.id })
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
  return rows.map((r) => r.id);
}

interface PlannedDecay {
  row: MemoryRow;
  decision: DecayDecision;
  reason: string;
}

/** The rows of `ids` as they are now, and what decay does to each. */
async function planChunk(tx: Tx, ids: string[], now: Date): Promise<PlannedDecay[]> {
  const [rows, histories] = await Promise.all([tx.select().from(memories).where(inArray(memories.id, ids)).orderBy(memories.id), demotionHistories(tx, ids)]);
  return rows.flatMap((row) => {
    const decision = decideDecay(row, histories.get(row.id) ?? NO_DEMOTIONS, now);
    if (!decision) return [];
    const reason = decision.outcome === 'demoted' ? withAsOf(decision.reason, now) : decision.reason;
    return [{ row, decision, reason }];
  });
}

/**
 * One user's decay: the ids in scope are listed once, then each chunk of `writeChunk` is read,
 * decided and written in one short transaction under the memory lock (so it never races
 * extraction), each after a yield to the event loop. PGlite runs one transaction at a time, so a chat's
 * recall waits for whatever job transaction is running: the chunks keep that wait short
 * (npm run bench:jobs). A crash between chunks leaves whole chunks done; a re-run decides the
 * rest from the rows as they are.
 */
export async function decayUser(deps: LifecycleDeps, userId: string, request: JobRequest): Promise<UserResult<DecayOutcome>> {
  const { withUser } = deps;
  await paceBeforeTransaction(deps);
  const ids = await withUser(userId, (tx) => decayCandidateIds(tx, userId, request.now));
  const result: UserResult<DecayOutcome> = { userId, counts: {}, skipped: 0, changes: [], truncated: false };
  const record = ({ row, decision, reason }: PlannedDecay) => {
    result.counts[decision.outcome] = (result.counts[decision.outcome] ?? 0) + 1;
    listChange(result, { memoryId: row.id, summary: row.summary, from: row.status, to: decision.status, outcome: decision.outcome, reason });
  };
  const chunkSize = deps.writeChunk ?? config.lifecycle.writeChunk;
  for (let start = 0; start < ids.length; start += chunkSize) {
    const chunk = ids.slice(start, start + chunkSize);
    await paceBeforeTransaction(deps);
    if (request.dryRun) {
      (await withUser(userId, (tx) => planChunk(tx, chunk, request.now))).forEach(record);
      continue;
    }
    await withUser(userId, async (tx) => {
      await lockUserMemory(tx, userId);
      const planned = await planChunk(tx, chunk, request.now);
      const { written, stale } = await changeStatuses(
        tx,
        planned.map((p) => ({ row: p.row, status: p.decision.status, statusReason: p.reason, change: { actor: DECAY_ACTOR, reason: p.reason }, action: 'memory.decayed' })),
      );
      // Someone edited it since it was read: their edit wins; tomorrow's run looks again.
      result.skipped += stale.length;
      const done = new Set(written.map((w) => w.after.id));
      planned.filter((p) => done.has(p.row.id)).forEach(record);
    });
  }
  return result;
}

export async function runDecay(steps: Steps, request: JobRequest, deps: LifecycleDeps): Promise<DecayReport> {
  const results = await forEachUserInBatches(
    steps,
    { name: 'decay', withSystem: deps.withSystem, batchSize: deps.batchSize ?? config.lifecycle.userBatchSize, userId: request.userId },
    (userId) => decayUser(deps, userId, request),
  );
  return results.reduce(mergeUserResult, emptyReport(DECAY_OUTCOMES, request));
}
