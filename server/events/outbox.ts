/**
 * The transactional outbox (issue: no lost work). `enqueue` runs inside the transaction that
 * makes the change; `markDispatched`/`markFailed` record the outcome of sending it.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { WithSystem, WithUser } from '../../db/boundary';
import { outbox } from '../../db/schema';
import type { Tx } from '../../db/types';

export type OutboxRow = typeof outbox.$inferSelect;

export async function enqueueEvent(tx: Tx, row: { userId: string; event: string; payload: Record<string, unknown>; idempotencyKey: string }): Promise<OutboxRow> {
  const [inserted] = await tx.insert(outbox).values(row).returning();
  if (!inserted) throw new Error('enqueueEvent: insert returned nothing');
  return inserted;
}

export async function markDispatched(withUser: WithUser, row: Pick<OutboxRow, 'id' | 'userId'>): Promise<void> {
  await withUser(row.userId, (tx) =>
    tx.update(outbox).set({ dispatchedAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null }).where(eq(outbox.id, row.id)),
  );
}

export async function markFailed(withUser: WithUser, row: Pick<OutboxRow, 'id' | 'userId'>, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await withUser(row.userId, (tx) =>
    tx.update(outbox).set({ attempts: sql`${outbox.attempts} + 1`, lastError: message.slice(0, 500) }).where(eq(outbox.id, row.id)),
  );
}

/**
 * Events not acknowledged within `olderThanMs`, oldest first, across users: the sweeper's
 * work list (system role; each row is then dispatched and marked under its own user).
 */
export async function pendingEvents(withSystem: WithSystem, options: { now: Date; olderThanMs: number; limit: number }): Promise<OutboxRow[]> {
  const cutoff = new Date(options.now.getTime() - options.olderThanMs);
  return withSystem((tx) =>
    tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.dispatchedAt), lt(outbox.createdAt, cutoff)))
      .orderBy(outbox.createdAt)
      .limit(options.limit),
  );
}
