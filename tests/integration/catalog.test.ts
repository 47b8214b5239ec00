import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/db/rows';
import { APP_ROLE, SYSTEM_ROLE } from '@/db/schema/rls';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { OWNER_COLUMN, USER_OWNED_TABLES } from '../helpers/isolation';

const rows = <T,>(t: TestDatabase, query: SQL) => queryRows<T>(t.db, query);

describe('database catalog', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('every table with an owner column is in the isolation suite, and vice versa', async () => {
    const owned = await rows<{ table_name: string }>(
      t,
      sql`select distinct table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'user_id'`,
    );
    const expected = [...owned.map((r) => r.table_name), 'users'].sort();
    expect([...USER_OWNED_TABLES].sort()).toEqual(expected);
  });

  it('every user-owned table has row-level security enabled and forced, with a policy on its owner column', async () => {
    const tables = await rows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      t,
      sql`select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    for (const table of USER_OWNED_TABLES) {
      const row = tables.find((r) => r.relname === table);
      expect(row, table).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    }
    const policies = await rows<{ tablename: string; policyname: string; qual: string; with_check: string; roles: string[] | string }>(
      t,
      sql`select tablename, policyname, qual, with_check, array_to_string(roles, ',') as roles from pg_policies where schemaname = 'public'`,
    );
    for (const table of USER_OWNED_TABLES) {
      // Only two roles have any policy: the app role (own rows) and the system role.
      const roles = policies.filter((p) => p.tablename === table).map((p) => [p.policyname, String(p.roles)]);
      expect(roles.sort(), table).toEqual([
        ['owner_only', APP_ROLE],
        ['system_access', SYSTEM_ROLE],
      ]);
      const policy = policies.find((p) => p.tablename === table && p.policyname === 'owner_only');
      expect(policy, `${table} has a policy`).toBeDefined();
      expect(policy?.qual).toContain(OWNER_COLUMN[table]);
      expect(policy?.qual).toContain("current_setting('app.user_id'");
      expect(policy?.with_check).toContain("current_setting('app.user_id'");
    }
  });

  it.each([APP_ROLE, SYSTEM_ROLE])('the %s role is not superuser, cannot bypass RLS or log in, and owns no table', async (name) => {
    const [role] = await rows<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>(
      t,
      sql`select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = ${name}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    const owned = await rows<{ relname: string }>(
      t,
      sql`select c.relname from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = ${name}`,
    );
    expect(owned).toEqual([]);
  });

  it('the app role has no access to tables that are not user-owned', async () => {
    const grants = await rows<{ table_name: string }>(
      t,
      sql`select distinct table_name from information_schema.role_table_grants where grantee = ${APP_ROLE}`,
    );
    expect(grants.map((g) => g.table_name).sort()).toEqual([...USER_OWNED_TABLES].sort());
  });

  it('every view is security_invoker, so views cannot bypass the policies', async () => {
    const views = await rows<{ relname: string; options: string[] | null }>(
      t,
      sql`select c.relname, c.reloptions as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('v', 'm')`,
    );
    for (const view of views) {
      expect(view.options ?? [], view.relname).toContain('security_invoker=true');
    }
  });
});
