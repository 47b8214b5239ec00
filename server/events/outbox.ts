/**
 * The transactional outbox (issue: no lost work). `enqueue` runs inside the transaction that
 * makes the change; `markDispatched`/`markFailed` record the outcome of sending it. An event
 * that fails config.jobs.outboxMaxAttempts times is dead-lettered (dead_at): it leaves the
 * sweeper's page, so it can never crowd out later events, and operators see it in /api/health
 * and `npm run jobs -- outbox` (issue 14, item 9).
 */
import { and, count, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { WithSystem, WithUser } from '../../db/boundary';
import { outbox } from '../../db/schema';
import type { Tx } from '../../db/types';
import { config } from '../config';
import { describeError } from '../logging/loggable-error';

export type OutboxRow = typeof outbox.$inferSelect;

export async function enqueueEvent(
  tx: Tx,
  row: { userId: string; event: string; payload: Record<string, unknown>; idempotencyKey: string; availableAt?: Date },
): Promise<OutboxRow> {
  const [inserted] = await tx.insert(outbox).values(row).returning();
  if (!inserted) throw new Error('enqueueEvent: insert returned nothing');
  return inserted;
}

export async function markDispatched(withUser: WithUser, row: Pick<OutboxRow, 'id' | 'userId'>): Promise<void> {
  await withUser(row.userId, (tx) =>
    tx.update(outbox).set({ dispatchedAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null, deadAt: null }).where(eq(outbox.id, row.id)),
  );
}

/** Counts the attempt; the last allowed one dead-letters the row. The error is stored without user text. */
export async function markFailed(withUser: WithUser, row: Pick<OutboxRow, 'id' | 'userId'>, error: unknown): Promise<void> {
  await withUser(row.userId, (tx) =>
    tx
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        lastError: describeError(error).slice(0, 500),
        deadAt: sql`case when ${outbox.attempts} + 1 >= ${config.jobs.outboxMaxAttempts} then now() end`,
      })
      .where(eq(outbox.id, row.id)),
  );
}

const pending = and(isNull(outbox.dispatchedAt), isNull(outbox.deadAt));

/**
 * Rows that used up their attempts without being dead-lettered (written before dead_at existed,
 * or after outboxMaxAttempts was lowered): dead-lettered now, so the page below never holds them.
 */
export async function deadLetterExhausted(withSystem: WithSystem, maxAttempts = config.jobs.outboxMaxAttempts): Promise<number> {
  const rows = await withSystem((tx) =>
    tx
      .update(outbox)
      .set({ deadAt: sql`now()` })
      .where(and(pending, sql`${outbox.attempts} >= ${maxAttempts}`))
      .returning({ id: outbox.id }),
  );
  return rows.length;
}

/**
 * Events not acknowledged within `olderThanMs` of becoming available, oldest first, across
 * users, dead letters excluded: the sweeper's work list (system role; each row is then
 * dispatched and marked under its own user).
 */
export async function pendingEvents(withSystem: WithSystem, options: { now: Date; olderThanMs: number; limit: number }): Promise<OutboxRow[]> {
  const cutoff = new Date(options.now.getTime() - options.olderThanMs);
  return withSystem((tx) =>
    tx.select().from(outbox).where(and(pending, lt(outbox.availableAt, cutoff))).orderBy(outbox.availableAt, outbox.id).limit(options.limit),
  );
}

/**
 * Deletes sent events older than config.jobs.outboxSentRetentionDays, a chunk per transaction
 * (retention job). Pending and dead-lettered rows stay. `dryRun` only counts them.
 */
export async function purgeSentEvents(withSystem: WithSystem, options: { now: Date; dryRun?: boolean }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - config.jobs.outboxSentRetentionDays * 24 * 60 * 60 * 1000);
  const old = and(isNotNull(outbox.dispatchedAt), lte(outbox.dispatchedAt, cutoff));
  if (options.dryRun) {
    const [row] = await withSystem((tx) => tx.select({ n: count() }).from(outbox).where(old));
    return row?.n ?? 0;
  }
  let purged = 0;
  for (;;) {
    const deleted = await withSystem((tx) =>
      tx
        .delete(outbox)
        .where(inArray(outbox.id, tx.select({ id: outbox.id }).from(outbox).where(old).limit(config.jobs.outboxPurgeChunk)))
        .returning({ id: outbox.id }),
    );
    purged += deleted.length;
    if (deleted.length < config.jobs.outboxPurgeChunk) return purged;
  }
}

/** How many of these events are dead-lettered. */
export async function countDead(withSystem: WithSystem, ids: string[]): Promise<number> {
  const [row] = await withSystem((tx) => tx.select({ n: count() }).from(outbox).where(and(inArray(outbox.id, ids), isNotNull(outbox.deadAt))));
  return row?.n ?? 0;
}

/** For operators (/api/health, `npm run jobs -- outbox`): how many events wait, were sent, died. */
export async function outboxCounts(withSystem: WithSystem): Promise<{ pending: number; sent: number; dead: number }> {
  const [row] = await withSystem((tx) =>
    tx
      .select({
        pending: sql<number>`count(*) filter (where ${outbox.dispatchedAt} is null and ${outbox.deadAt} is null)::int`,
        sent: sql<number>`count(*) filter (where ${outbox.dispatchedAt} is not null)::int`,
        dead: sql<number>`count(*) filter (where ${outbox.deadAt} is not null and ${outbox.dispatchedAt} is null)::int`,
      })
      .from(outbox),
  );
  return row ?? { pending: 0, sent: 0, dead: 0 };
}

/** Gives dead-lettered events a fresh set of attempts (after the cause was fixed); returns how many. */
export async function retryDeadEvents(withSystem: WithSystem): Promise<number> {
  const rows = await withSystem((tx) =>
    tx
      .update(outbox)
      .set({ deadAt: null, attempts: 0, availableAt: sql`now()` })
      .where(and(isNull(outbox.dispatchedAt), isNotNull(outbox.deadAt)))
      .returning({ id: outbox.id }),
  );
  return rows.length;
}
