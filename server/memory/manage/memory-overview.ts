import 'server-only';
import { count, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { queryRows } from '../../../db/rows';
import { memories } from '../../../db/schema';
import type { overviewOutput } from './schemas';

const WEEKS = 12;

/** Counts by type and status, and memories created / used (injected into an answer) per week. */
export async function memoryOverview(db: UserDb): Promise<z.output<typeof overviewOutput>> {
  return db.run(async (tx) => {
    const groups = await tx
      .select({ type: memories.type, status: memories.status, n: count() })
      .from(memories)
      .groupBy(memories.type, memories.status);
    // One row per week even when empty, so the chart has no gaps; weeks start on Monday (ISO).
    const weeks = await queryRows<{ week_start: string; created: number; used: number }>(
      tx,
      sql`with weeks as (
            select generate_series(date_trunc('week', now()) - interval '${sql.raw(String(WEEKS - 1))} weeks', date_trunc('week', now()), interval '1 week') as week_start
          )
          select w.week_start::text as week_start,
            (select count(*)::int from memories m where m.created_at >= w.week_start and m.created_at < w.week_start + interval '1 week') as created,
            (select count(*)::int from recall_ledger l where l.outcome = 'injected' and l.created_at >= w.week_start and l.created_at < w.week_start + interval '1 week') as used
          from weeks w order by w.week_start`,
    );
    const byType: Record<string, number> = {};
    const byStatus: Record<string, number> = {};
    let total = 0;
    for (const g of groups) {
      byType[g.type] = (byType[g.type] ?? 0) + g.n;
      byStatus[g.status] = (byStatus[g.status] ?? 0) + g.n;
      total += g.n;
    }
    return {
      total,
      byType,
      byStatus,
      weeks: weeks.map((w) => ({ weekStart: new Date(w.week_start), created: Number(w.created), used: Number(w.used) })),
    };
  });
}
