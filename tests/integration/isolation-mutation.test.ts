/**
 * Proves the isolation probes bite: on a scratch database, loosening one table's policy (or
 * disabling RLS on it) must make the probes report that table. If a probe could not fail,
 * the isolation suite would be worthless.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { findViolations, seedEverything, USER_OWNED_TABLES, type SeededUser } from '../helpers/isolation';

describe('isolation probes detect a weakened policy', () => {
  let t: TestDatabase;
  let a: SeededUser;
  let b: SeededUser;

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    a = await seedEverything(t, 'alice');
    b = await seedEverything(t, 'bob');
  });
  afterAll(async () => t?.close());

  it.each(USER_OWNED_TABLES)('loosening the policy on %s is caught on every probe', async (table) => {
    const ident = sql.identifier(table);
    await t.db.execute(sql`alter policy owner_only on ${ident} using (true) with check (true)`);
    try {
      const found = await findViolations(t, a, b, [table]);
      expect(found.map((v) => v.probe).sort()).toEqual(['delete', 'insert', 'no-user-select', 'select', 'update']);
    } finally {
      const col = sql.identifier(table === 'users' ? 'id' : 'user_id');
      const owner = sql`${col} = nullif(current_setting('app.user_id', true), '')`;
      await t.db.execute(sql`alter policy owner_only on ${ident} using (${owner}) with check (${owner})`);
    }
    expect(await findViolations(t, a, b, [table])).toEqual([]);
  });

  it('disabling row-level security on a table is caught', async () => {
    await t.db.execute(sql`alter table memories disable row level security`);
    try {
      const found = await findViolations(t, a, b, ['memories']);
      expect(found.length).toBeGreaterThan(0);
    } finally {
      await t.db.execute(sql`alter table memories enable row level security`);
    }
  });
});
