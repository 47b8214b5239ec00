import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversations, memories } from '@/db/schema';
import { MissingUserError } from '@/db/boundary';
import { queryRows } from '@/db/rows';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../helpers/db';
import { findViolations, seedEverything, type SeededUser } from '../helpers/isolation';

describe.each(DRIVERS)('row-level security isolation (%s)', (driver) => {
  let t: TestDatabase;
  let a: SeededUser;
  let b: SeededUser;

  beforeAll(async () => {
    t = await createTestDatabase(driver);
    a = await seedEverything(t, 'alice');
    b = await seedEverything(t, 'bob');
  });
  afterAll(async () => t?.close());

  it('B cannot select, update, delete or forge A rows in any table, and no user means no rows', async () => {
    expect(await findViolations(t, a, b)).toEqual([]);
    expect(await findViolations(t, b, a)).toEqual([]);
  });

  it('a query that forgets its where clause returns only the current user rows', async () => {
    const rows = await t.withUser(b.id, (tx) => tx.select().from(memories));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.userId === b.id)).toBe(true);
  });

  it('cannot attach a child row to another user conversation, even claiming to own it', async () => {
    await expect(
      t.withUser(b.id, (tx) =>
        tx.execute(sql`insert into messages (conversation_id, user_id, role, content) values (${a.conversationId}, ${b.id}, 'user', 'hi')`),
      ),
    ).rejects.toThrow();
  });

  it('settings do not leak through the pool: the next transaction has no user and no role', async () => {
    await t.withUser(a.id, async (tx) => tx.select().from(conversations));
    const [after] = await queryRows(t.db, sql`select current_user as role, nullif(current_setting('app.user_id', true), '') as uid`);
    expect(after).toMatchObject({ role: 'postgres', uid: null });
  });

  it('withUser refuses an empty user id', async () => {
    await expect(t.withUser('', () => Promise.resolve(1))).rejects.toBeInstanceOf(MissingUserError);
  });
});
