import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runMigrations } from '@/db/migrate';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../helpers/db';

async function schemaFingerprint(t: TestDatabase) {
  const result = await t.db.execute(sql`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = 'public' order by table_name, column_name`);
  return result.rows;
}

describe.each(DRIVERS)('migrations (%s)', (driver) => {
  let t: TestDatabase | undefined;
  afterEach(async () => t?.close());

  it('apply to an empty database and are idempotent', async () => {
    t = await createTestDatabase(driver, { migrate: false });
    const before = await t.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    expect(before.rows[0]).toEqual({ n: 0 });

    const connection = { db: t.db, driver: t.driver, close: async () => {} };
    await runMigrations(connection);
    const first = await schemaFingerprint(t);
    expect(first.length).toBeGreaterThan(50);

    await runMigrations(connection);
    await runMigrations(connection);
    expect(await schemaFingerprint(t)).toEqual(first);
    const applied = await t.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0]).toEqual({ n: 3 });
  });
});

describe('a fresh database on a server that already has the app role', () => {
  it('reuses the cluster-wide role instead of failing to create it', async () => {
    const t = await createTestDatabase('pglite');
    try {
      // Roles outlive databases; wiping every schema leaves the role, as on a shared server.
      await t.db.execute(sql`drop schema public cascade`);
      await t.db.execute(sql`drop schema drizzle cascade`);
      await t.db.execute(sql`create schema public`);
      await runMigrations({ db: t.db, driver: t.driver, close: async () => {} });
      const roles = await t.db.execute(sql`select count(*)::int as n from pg_roles where rolname = 'mindbase_app'`);
      expect(roles.rows[0]).toEqual({ n: 1 });
      const tables = await t.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
      expect((tables.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(12);
    } finally {
      await t.close();
    }
  });
});
