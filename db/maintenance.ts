/**
 * Housekeeping for the embedded database. PGlite runs no autovacuum, so without this its tables
 * are never analyzed (the planner guesses row counts: the full-text route picked a sort-based
 * plan and took 12 ms instead of 6 at 10,000 memories) and never vacuumed (dead rows from every
 * reply's access-count update pile up; index-only scans never apply). On Postgres autovacuum does
 * this, so only the embedded driver runs it: at start-up and daily (server/startup.ts), or
 * `npm run jobs -- maintenance`. One table per statement, yielding between them, so a chat
 * request waits for at most one table's VACUUM, not the whole database's.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from './rows';
import type { Database, DriverName } from './types';

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

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export interface DiskErasureReport {
  driver: DriverName;
  /** Each statement and how long it held the database. */
  steps: { statement: string; ms: number }[];
}

/**
 * After an erasure (issue 14, item 10): the deleted rows' text must leave the files, not only
 * the live rows. Measured on PGlite (tests/integration/erasure-disk.test.ts): a plain VACUUM marks
 * dead tuples' space free but leaves their bytes in the pages (and GIN entry keys stay), and the
 * WAL keeps every insert; only rewriting the table drops them, and only a WAL switch plus
 * checkpoints with recycling off removes old segments (a recycled segment is renamed, not
 * cleared). So on the embedded database each touched table is rewritten (VACUUM FULL, ANALYZE),
 * pg_statistic too (ANALYZE's old samples are its dead rows), then the WAL is moved on.
 * `vacuum` tables hold no text (vectors, ledger scores, counts) and get a plain VACUUM (ANALYZE):
 * rewriting memory_embeddings would rebuild its HNSW graph (minutes). On Postgres the app
 * vacuums and re-analyses only: a rewrite there takes an exclusive lock on a table every user
 * shares, and the WAL, archives and backups are the operator's (README, Security). One statement
 * at a time, yielding between them.
 */
export async function eraseOnDisk(
  db: Database,
  driver: DriverName,
  tables: { rewrite: readonly string[]; vacuum: readonly string[] },
): Promise<DiskErasureReport> {
  const report: DiskErasureReport = { driver, steps: [] };
  const run = async (statement: ReturnType<typeof sql>, label: string) => {
    await yieldToEventLoop();
    const started = performance.now();
    await db.execute(statement);
    report.steps.push({ statement: label, ms: Math.round(performance.now() - started) });
  };
  const rewrite = driver === 'pglite' ? tables.rewrite : [];
  for (const table of rewrite) await run(sql`vacuum (full, analyze) ${sql.identifier(table)}`, `vacuum full ${table}`);
  for (const table of [...(driver === 'pglite' ? [] : tables.rewrite), ...tables.vacuum]) await run(sql`vacuum (analyze) ${sql.identifier(table)}`, `vacuum ${table}`);
  if (driver !== 'pglite') return report;
  await run(sql`vacuum full pg_statistic`, 'vacuum full pg_statistic');
  await run(sql`checkpoint`, 'checkpoint');
  // Session-level on PGlite's single connection; reset below so daily work recycles as usual.
  await run(sql`set wal_recycle = off`, 'set wal_recycle = off');
  try {
    await run(sql`select pg_switch_wal()`, 'pg_switch_wal');
    await run(sql`checkpoint`, 'checkpoint');
    await run(sql`checkpoint`, 'checkpoint');
  } finally {
    await db.execute(sql`reset wal_recycle`);
  }
  return report;
}
