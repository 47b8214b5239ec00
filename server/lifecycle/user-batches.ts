/**
 * Walks every user in id order, `batchSize` at a time, one step per batch. Each step lists its
 * own page after the previous step's last id (system role: ids only), then does each user's
 * work in that user's own withUser transaction. Completed steps are memoised by the runner, so
 * a crash resumes at the batch that failed and no step holds the whole user table.
 */
import { asc, gt } from 'drizzle-orm';
import type { WithSystem } from '../../db/boundary';
import { users } from '../../db/schema';
import type { Steps } from '../steps';

export interface BatchResult<R> {
  lastUserId: string | null;
  results: R[];
}

async function pageOfUsers(withSystem: WithSystem, after: string | null, limit: number): Promise<string[]> {
  const rows = await withSystem((tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(after === null ? undefined : gt(users.id, after))
      .orderBy(asc(users.id))
      .limit(limit),
  );
  return rows.map((r) => r.id);
}

/**
 * Runs `perUser` for one named user (one step) or for everyone in batches; `perUser` must be
 * JSON-safe and idempotent, as a batch may run again after a crash before it was recorded.
 */
export async function forEachUserInBatches<R>(
  steps: Steps,
  options: { name: string; withSystem: WithSystem; batchSize: number; userId?: string },
  perUser: (userId: string) => Promise<R>,
): Promise<R[]> {
  if (options.userId !== undefined) {
    const only = options.userId;
    const result = await steps.run(`${options.name}-user`, async () => ({ lastUserId: only, results: [await perUser(only)] }));
    return result.results as R[];
  }
  const all: R[] = [];
  let after: string | null = null;
  for (let batch = 0; ; batch += 1) {
    const cursor: string | null = after;
    const done = await steps.run(`${options.name}-batch-${batch}`, async (): Promise<BatchResult<R>> => {
      const ids = await pageOfUsers(options.withSystem, cursor, options.batchSize);
      const results: R[] = [];
      for (const id of ids) results.push(await perUser(id));
      return { lastUserId: ids.at(-1) ?? null, results };
    });
    all.push(...(done.results as R[]));
    if (done.lastUserId === null || done.results.length < options.batchSize) return all;
    after = done.lastUserId;
  }
}
