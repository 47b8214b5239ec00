/** Delete account: every row of the user in every table goes, nobody else's rows move. */
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDb } from '@/db/boundary';
import { queryRows } from '@/db/rows';
import { deleteAccount, DELETE_ACCOUNT_PHRASE } from '@/server/account/delete-account';
import { createTestDatabase, DRIVERS, seedUser, type TestDatabase } from '../helpers/db';
import { seedEverything, type SeededUser } from '../helpers/isolation';
import { testLauncher } from '../helpers/jobs';
import { callerFor } from '../helpers/trpc';

async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe.each(DRIVERS)('account.deleteAccount (%s)', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
  });
  afterAll(async () => t?.close());

  /** Every public table with a user_id column, from the catalog, so a new table cannot be missed. */
  async function userIdTables(): Promise<string[]> {
    const rows = await queryRows<{ table_name: string }>(
      t.db,
      sql`select c.table_name from information_schema.columns c
          join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'user_id' and tb.table_type = 'BASE TABLE'
          order by c.table_name`,
    );
    return rows.map((r) => r.table_name);
  }

  /** Row counts per table for one user, through the owner connection (sees past RLS). */
  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const [users] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where id = ${userId}`);
    counts.users = users!.n;
    for (const table of await userIdTables()) {
      const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`);
      counts[table] = row!.n;
    }
    return counts;
  }

  const emailOf = async (userId: string) =>
    (await queryRows<{ email: string | null }>(t.db, sql`select email from users where id = ${userId}`))[0]?.email ?? null;

  function expectEverywhere(counts: Record<string, number>, predicate: (n: number) => boolean) {
    const bad = Object.entries(counts).filter(([, n]) => !predicate(n));
    expect(bad).toEqual([]);
  }

  let alice: SeededUser;
  let bob: SeededUser;
  beforeAll(async () => {
    alice = await seedEverything(t, 'alice');
    bob = await seedEverything(t, 'bob');
  });

  it('the catalog lists the user-owned tables and both users have rows in every one', async () => {
    const tables = await userIdTables();
    expect(tables).toEqual(expect.arrayContaining(['conversations', 'messages', 'memories', 'memory_embeddings', 'memory_versions', 'outbox']));
    expectEverywhere(await rowsOf(alice.id), (n) => n > 0);
    expectEverywhere(await rowsOf(bob.id), (n) => n > 0);
  });

  it('a wrong confirmation is BAD_REQUEST with a clear message and deletes nothing', async () => {
    const before = await rowsOf(alice.id);
    const api = callerFor(t, { id: alice.id });
    for (const confirm of ['', 'yes', DELETE_ACCOUNT_PHRASE, `${(await emailOf(alice.id))!} `, (await emailOf(alice.id))!.toUpperCase()]) {
      const error = await errorOf(api.account.deleteAccount({ confirm }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toMatch(/type your e-mail address exactly.*Nothing was deleted/);
    }
    const oversized = await errorOf(api.account.deleteAccount({ confirm: 'x'.repeat(321) }));
    expect(oversized.code).toBe('BAD_REQUEST');
    expect(await rowsOf(alice.id)).toEqual(before);
  });

  it("another user cannot delete someone else: typing their e-mail fails, and a delete only ever reaches the caller's row", async () => {
    const aliceBefore = await rowsOf(alice.id);
    const error = await errorOf(callerFor(t, { id: bob.id }).account.deleteAccount({ confirm: (await emailOf(alice.id))! }));
    expect(error.code).toBe('BAD_REQUEST');
    // Even a raw delete with no where clause, as Bob, reaches only Bob's row (rolled back here).
    const reached = await t
      .withUser(bob.id, async (tx) => {
        const rows = await queryRows<{ id: string }>(tx, sql`delete from users returning id`);
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((e: { rows?: { id: string }[] }) => e.rows ?? []);
    expect(reached.map((r) => r.id)).toEqual([bob.id]);
    expect(await rowsOf(alice.id)).toEqual(aliceBefore);
    expectEverywhere(await rowsOf(bob.id), (n) => n > 0);
  });

  it("deletes every row of the user in every table and leaves the other user's rows untouched", async () => {
    const bobBefore = await rowsOf(bob.id);
    const email = (await emailOf(alice.id))!;
    expect(await callerFor(t, { id: alice.id }).account.deleteAccount({ confirm: email })).toEqual({ deleted: true });
    const after = await rowsOf(alice.id);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(14);
    expectEverywhere(after, (n) => n === 0);
    expect(await rowsOf(bob.id)).toEqual(bobBefore);
  });

  it('a stale session of the deleted user gets NOT_FOUND, not someone else', async () => {
    const api = callerFor(t, { id: alice.id });
    expect((await errorOf(api.account.me())).code).toBe('NOT_FOUND');
    expect((await errorOf(api.account.deleteAccount({ confirm: 'anything' }))).code).toBe('NOT_FOUND');
  });

  it(`an account without an e-mail confirms with "${DELETE_ACCOUNT_PHRASE}"`, async () => {
    const carol = await seedUser(t.db, 'carol');
    await t.db.execute(sql`update users set email = null where id = ${carol.id}`);
    const db = userDb(t.withUser, carol.id);
    const jobs = testLauncher(t);
    await expect(deleteAccount(db, { confirm: carol.email }, jobs)).rejects.toMatchObject({ type: 'bad_request' });
    await expect(deleteAccount(db, { confirm: 'delete my account' }, jobs)).rejects.toMatchObject({ type: 'bad_request' });
    expect(await deleteAccount(db, { confirm: DELETE_ACCOUNT_PHRASE }, jobs)).toEqual({ deleted: true });
    expectEverywhere(await rowsOf(carol.id), (n) => n === 0);
  });
});
