import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, runMigrations } from '@/db/migrate';
import { queryRows } from '@/db/rows';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../helpers/db';

async function schemaFingerprint(t: TestDatabase) {
  return queryRows(
    t.db,
    sql`select table_name, column_name, data_type, is_nullable from information_schema.columns
        where table_schema = 'public' order by table_name, column_name`,
  );
}

describe.each(DRIVERS)('migrations (%s)', (driver) => {
  let t: TestDatabase | undefined;
  afterEach(async () => t?.close());

  it('apply to an empty database and are idempotent', async () => {
    t = await createTestDatabase(driver, { migrate: false });
    const count = async (q: SQL) => (await queryRows<{ n: number }>(t!.db, q))[0]?.n;
    expect(await count(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)).toBe(0);

    const connection = { db: t.db, driver: t.driver, close: async () => {} };
    await runMigrations(connection);
    const first = await schemaFingerprint(t);
    expect(first.length).toBeGreaterThan(50);

    await runMigrations(connection);
    await runMigrations(connection);
    expect(await schemaFingerprint(t)).toEqual(first);
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
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
      const count = async (q: SQL) => (await queryRows<{ n: number }>(t.db, q))[0]?.n;
      expect(await count(sql`select count(*)::int as n from pg_roles where rolname = 'mindbase_app'`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)).toBeGreaterThanOrEqual(12);
    } finally {
      await t.close();
    }
  });
});
