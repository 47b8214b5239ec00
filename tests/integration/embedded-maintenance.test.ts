/**
 * The embedded database has no autovacuum; maintenance vacuums and analyzes every table so the
 * planner knows the row counts (recall's plans depend on it) and index-only scans can apply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { vacuumAnalyze } from '@/db/maintenance';
import { queryRows } from '@/db/rows';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

describe('embedded database maintenance', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    const user = await seedUser(t.db, 'maintained');
    await t.db.execute(sql`insert into memories (user_id, type, kind, summary, quote, status, search_text)
      select ${user.id}, 'semantic', 'fact', 'fact ' || g, 'q', 'active', 'coffee fact' from generate_series(1, 500) g`);
  });
  afterAll(async () => t?.close());

  it('vacuums and analyzes every application table, so the planner knows their size', async () => {
    const report = await vacuumAnalyze(t.db);
    const names = report.tables.map((r) => r.table);
    expect(names).toEqual(expect.arrayContaining(['memories', 'memory_terms', 'memory_embeddings', 'messages', 'recall_ledger']));
    const stats = await queryRows<{ relname: string; vacuumed: boolean; analyzed: boolean }>(
      t.db,
      sql`select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where schemaname = 'public'`,
    );
    expect(stats.filter((s) => !s.vacuumed || !s.analyzed)).toEqual([]);
    const [planned] = await queryRows<{ reltuples: number }>(t.db, sql`select reltuples from pg_class where relname = 'memory_terms'`);
    // Each of the 500 memories has two terms (coffee, fact): the planner now knows 1,000 postings.
    expect(Number(planned?.reltuples)).toBe(1000);
  });
});
