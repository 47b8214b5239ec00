import 'server-only';
import { count, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { memories } from '../../../db/schema';
import type { reviewCountOutput } from './schemas';

const WAITING = ['candidate', 'conflicted'] as const;

/** How many memories wait in the review inbox, for the badge in the chat navigation. */
export async function reviewCount(db: UserDb): Promise<z.output<typeof reviewCountOutput>> {
  const rows = await db.run((tx) =>
    tx
      .select({ status: memories.status, n: count() })
      .from(memories)
      .where(inArray(memories.status, [...WAITING]))
      .groupBy(memories.status),
  );
  const of = (status: (typeof WAITING)[number]) => rows.find((r) => r.status === status)?.n ?? 0;
  const candidate = of('candidate');
  const conflicted = of('conflicted');
  return { candidate, conflicted, total: candidate + conflicted };
}
