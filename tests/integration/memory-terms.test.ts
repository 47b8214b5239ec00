/**
 * memory_terms, the full-text route's postings, is written only by a trigger on memories. These
 * check it follows every change of a memory's words, as the user who made it, and that recall's
 * keyword route finds memories by those words and never another user's.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createWithSystem } from '@/db/boundary';
import { connect } from '@/db/connect';
import { MIGRATIONS_FOLDER, runMigrations } from '@/db/migrate';
import { queryRows } from '@/db/rows';
import { memories } from '@/db/schema';
import { searchTextOf } from '@/server/memory/search-text';
import { fulltextCandidates } from '@/server/recall/gather-candidates';
import { createNonSuperuserOwnerPglite, createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

describe('full-text postings (memory_terms)', () => {
  let t: TestDatabase;
  let alice: { id: string };
  let bob: { id: string };
  const now = new Date();

  const insert = (userId: string, summary: string, fields: Partial<typeof memories.$inferInsert> = {}) =>
    t.withUser(userId, async (tx) => {
      const [row] = await tx
        .insert(memories)
        .values({ userId, type: 'semantic', kind: 'preference', summary, quote: summary, status: 'active', searchText: searchTextOf({ summary, entities: [] }), ...fields })
        .returning({ id: memories.id });
      return row!.id;
    });
  const termsOf = (userId: string, memoryId: string) =>
    t.withUser(userId, (tx) => queryRows<{ term: string }>(tx, sql`select term from memory_terms where memory_id = ${memoryId} order by term`)).then((rows) => rows.map((r) => r.term));

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    alice = await seedUser(t.db, 'alice');
    bob = await seedUser(t.db, 'bob');
  });
  afterAll(async () => t?.close());

  it('follows a memory through insert, edit and delete', async () => {
    const id = await insert(alice.id, 'Loves spicy ramen');
    expect(await termsOf(alice.id, id)).toEqual(['love', 'ramen', 'spici']);
    await t.withUser(alice.id, (tx) =>
      tx.update(memories).set({ summary: 'Loves mild udon', searchText: searchTextOf({ summary: 'Loves mild udon', entities: [] }) }).where(eq(memories.id, id)),
    );
    expect(await termsOf(alice.id, id)).toEqual(['love', 'mild', 'udon']);
    // A change that leaves the words alone leaves the postings alone.
    await t.withUser(alice.id, (tx) => tx.update(memories).set({ importance: 4 }).where(eq(memories.id, id)));
    expect(await termsOf(alice.id, id)).toEqual(['love', 'mild', 'udon']);
    await t.withUser(alice.id, (tx) => tx.delete(memories).where(eq(memories.id, id)));
    const [left] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from memory_terms where memory_id = ${id}`);
    expect(left?.n).toBe(0);
  });

  it('indexes Chinese by characters and bigrams, and the keyword route finds it', async () => {
    const id = await insert(alice.id, '对花生过敏');
    expect(await termsOf(alice.id, id)).toEqual(expect.arrayContaining(['花生', '过敏']));
    const found = await t.withUser(alice.id, (tx) => fulltextCandidates(tx, '我能吃花生酱吗', ['semantic'], now));
    expect(found.matches.map((m) => m.id)).toContain(id);
  });

  it('ranks memories sharing more of the question\'s words first, and reports filtered ones as why-not', async () => {
    const both = await insert(alice.id, 'Cooks Thai curry every Friday');
    const one = await insert(alice.id, 'Bought a curry cookbook');
    const archived = await insert(alice.id, 'Thai curry stall near the office', { status: 'archived' });
    const found = await t.withUser(alice.id, (tx) => fulltextCandidates(tx, 'What Thai curry should I cook?', ['semantic'], now));
    const ids = found.matches.map((m) => m.id);
    expect(ids.indexOf(both)).toBeLessThan(ids.indexOf(one));
    expect(ids).not.toContain(archived);
    expect(found.excluded.map((e) => [e.id, e.reason])).toContainEqual([archived, 'status: archived']);
  });

  it('never returns or indexes across users', async () => {
    const secret = await insert(bob.id, 'Secret saffron recipe');
    const found = await t.withUser(alice.id, (tx) => fulltextCandidates(tx, 'saffron recipe', ['semantic'], now));
    expect(found.matches).toEqual([]);
    expect(found.excluded).toEqual([]);
    expect(await termsOf(alice.id, secret)).toEqual([]);
    expect(await termsOf(bob.id, secret)).toEqual(['recip', 'saffron', 'secret']);
    // Alice cannot plant postings that point at Bob's memory either.
    await expect(
      t.withUser(alice.id, (tx) => tx.execute(sql`insert into memory_terms (user_id, term, memory_id) values (${bob.id}, 'x', ${secret})`)),
    ).rejects.toThrow();
  });
});

describe('memory_terms on an upgraded database', () => {
  it('is filled for memories written before the migration, also when the owner is not a superuser', async () => {
    // The migrations as they were before memory_terms existed.
    const before = await mkdtemp(path.join(tmpdir(), 'mindbase-migrations-'));
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0007_recall_term_index');
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalPath, JSON.stringify(journal));

    const pglite = await createNonSuperuserOwnerPglite();
    const connection = connect({ driver: 'pglite', client: pglite });
    try {
      await runMigrations(connection, before);
      const withSystem = createWithSystem(connection.db);
      const [user] = await withSystem((tx) => queryRows<{ id: string }>(tx, sql`insert into users (id, email) values (${crypto.randomUUID()}, 'old@mindbase.dev') returning id`));
      await withSystem((tx) =>
        tx.execute(sql`insert into memories (user_id, type, kind, summary, quote, status, search_text) values (${user!.id}, 'semantic', 'fact', 'Allergic to peanuts', 'q', 'active', 'allerg peanut')`),
      );
      await runMigrations(connection);
      const postings = await withSystem((tx) => queryRows<{ term: string }>(tx, sql`select term from memory_terms order by term`));
      expect(postings.map((p) => p.term)).toEqual(['allerg', 'peanut']);
      // The migration ran as the owner and leaves the connection as the owner.
      const [me] = await queryRows<{ current_user: string }>(connection.db, sql`select current_user`);
      expect(me?.current_user).toBe('app_owner');
    } finally {
      await pglite.close();
      await rm(before, { recursive: true, force: true });
    }
  }, 60_000);
});
