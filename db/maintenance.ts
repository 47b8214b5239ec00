/**
 * Housekeeping for the embedded database. PGlite runs no autovacuum, so without this its tables
 * are never analyzed (the planner guesses row counts: the full-text route picked a sort-based
 * plan and took 12 ms instead of 6 at 10,000 memories) and never vacuumed (dead rows from every
 * reply's access-count update pile up; index-only scans never apply). On Postgres autovacuum does
 * this, so only the embedded driver runs it: at start-up and daily (server/jobs/startup.ts), or
 * `npm run jobs -- maintenance`. One table per statement, yielding between them, so a chat
 * request waits for at most one table's VACUUM, not the whole database's.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from './rows';
import type { Database } from './types';

export interface MaintenanceReport {
  tables: { table: string; ms: number }[];
}

export async function vacuumAnalyze(db: Database): Promise<MaintenanceReport> {
  const tables = await queryRows<{ relname: string }>(db, sql`select relname from pg_stat_user_tables where schemaname = 'public' order by relname`);
  const report: MaintenanceReport = { tables: [] };
  for (const { relname } of tables) {
    await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    await db.execute(sql`vacuum (analyze) ${sql.identifier(relname)}`);
    report.tables.push({ table: relname, ms: Math.round(performance.now() - started) });
  }
  return report;
}
