/**
 * memory_terms (BM25 postings) and memory_term_stats (per-user totals) are written only by a
 * trigger on memories. These check they follow every change of a memory's words, as the user who
 * made it, that the lexical route ranks by BM25 (rare words count more, context words less), and
 * that it never reaches another user's memories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createWithSystem } from '@/db/boundary';
import { connect } from '@/db/connect';
import { runMigrations } from '@/db/migrate';
import { queryRows } from '@/db/rows';
import { memories } from '@/db/schema';
import { reindexSearchText } from '@/server/memory/reindex-search';
import { SEARCH_TEXT_VERSION, searchContextOf, searchTerms, searchTextOf } from '@/server/memory/search-text';
import { fulltextCandidates } from '@/server/recall/gather-candidates';
import { createNonSuperuserOwnerPglite, createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { migrationsBefore } from '../helpers/migrations';

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
  const statsOf = (userId: string) =>
    t.withUser(userId, (tx) => queryRows<{ docs: number; len_total: number; ctx_total: number }>(tx, sql`select docs, len_total, ctx_total from memory_term_stats`));
  const question = (text: string) => searchTerms(text).map((term) => ({ term, weight: 1 }));

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    alice = await seedUser(t.db, 'alice');
    bob = await seedUser(t.db, 'bob');
  });
  afterAll(async () => t?.close());

  it('follows a memory through insert, edit and delete, with frequencies, lengths and the user’s totals', async () => {
    const before = (await statsOf(alice.id))[0] ?? { docs: 0, len_total: 0 };
    const id = await insert(alice.id, 'Loves spicy ramen, spicy', { searchContext: searchContextOf('Any favourite noodles?') });
    expect(await termsOf(alice.id, id)).toEqual(['favourit', 'love', 'noodl', 'ramen', 'spici']);
    const postings = await t.withUser(alice.id, (tx) => queryRows<{ term: string; tf: number; ctx_tf: number; len: number; ctx_len: number }>(tx, sql`select term, tf, ctx_tf, len, ctx_len from memory_terms where memory_id = ${id} order by term`));
    expect(postings.find((p) => p.term === 'spici')).toMatchObject({ tf: 2, ctx_tf: 0, len: 4, ctx_len: 2 });
    expect(postings.find((p) => p.term === 'noodl')).toMatchObject({ tf: 0, ctx_tf: 1 });
    expect((await statsOf(alice.id))[0]).toMatchObject({ docs: before.docs + 1, len_total: before.len_total + 4 });
    await t.withUser(alice.id, (tx) =>
      tx.update(memories).set({ summary: 'Loves mild udon', searchText: searchTextOf({ summary: 'Loves mild udon', entities: [] }) }).where(eq(memories.id, id)),
    );
    // New words; the context (what the source replied to) stays with the memory.
    expect(await termsOf(alice.id, id)).toEqual(['favourit', 'love', 'mild', 'noodl', 'udon']);
    // A change that leaves the words alone leaves the postings alone.
    await t.withUser(alice.id, (tx) => tx.update(memories).set({ importance: 4 }).where(eq(memories.id, id)));
    expect(await termsOf(alice.id, id)).toEqual(['favourit', 'love', 'mild', 'noodl', 'udon']);
    await t.withUser(alice.id, (tx) => tx.delete(memories).where(eq(memories.id, id)));
    const [left] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from memory_terms where memory_id = ${id}`);
    expect(left?.n).toBe(0);
    expect((await statsOf(alice.id))[0]).toMatchObject({ docs: before.docs, len_total: before.len_total });
  });

  it('indexes Chinese by characters and bigrams, and the keyword route finds it', async () => {
    const id = await insert(alice.id, '对花生过敏');
    expect(await termsOf(alice.id, id)).toEqual(expect.arrayContaining(['花生', '过敏']));
    const found = await t.withUser(alice.id, (tx) => fulltextCandidates(tx, question('我能吃花生酱吗'), ['semantic'], now));
    expect(found.matches.map((m) => m.id)).toContain(id);
  });

  it('ranks by BM25: a rare word of the question outweighs a common one', async () => {
    const carol = await seedUser(t.db, 'carol');
    const names = await Promise.all(['Had coffee with Melanie', 'Melanie sent photos', 'Melanie called about the weekend', 'Lunch with Melanie at noon'].map((s) => insert(carol.id, s)));
    const race = await insert(carol.id, 'Ran a charity race for the shelter');
    const found = await t.withUser(carol.id, (tx) => fulltextCandidates(tx, question('When did Melanie run a charity race?'), ['semantic'], now));
    expect(found.matches[0]?.id).toBe(race);
    expect(found.matches.map((m) => m.id)).toEqual(expect.arrayContaining(names));
    expect(found.matches[0]!.lexical).toBeGreaterThan(found.matches[1]!.lexical);
  });

  it('finds a memory by the question its source answered, below one that says it itself', async () => {
    const dave = await seedUser(t.db, 'dave');
    const said = await insert(dave.id, 'Favourite dessert is tiramisu');
    const answered = await insert(dave.id, 'Coconut ice cream and berries', { searchContext: searchContextOf('Got a favourite dessert?') });
    await insert(dave.id, 'Walks the dog at six');
    const found = await t.withUser(dave.id, (tx) => fulltextCandidates(tx, question('What is my favourite dessert?'), ['semantic'], now));
    expect(found.matches.map((m) => m.id)).toEqual([said, answered]);
  });

  it('ranks memories sharing more of the question\'s words first, and reports filtered ones as why-not', async () => {
    const both = await insert(alice.id, 'Cooks Thai curry every Friday');
    const one = await insert(alice.id, 'Bought a curry cookbook');
    const archived = await insert(alice.id, 'Thai curry stall near the office', { status: 'archived' });
    const found = await t.withUser(alice.id, (tx) => fulltextCandidates(tx, question('What Thai curry should I cook?'), ['semantic'], now));
    const ids = found.matches.map((m) => m.id);
    expect(ids.indexOf(both)).toBeLessThan(ids.indexOf(one));
    expect(ids).not.toContain(archived);
    expect(found.excluded.map((e) => [e.id, e.reason])).toContainEqual([archived, 'status: archived']);
  });

  it('never returns or indexes across users', async () => {
    const secret = await insert(bob.id, 'Secret saffron recipe');
    const found = await t.withUser(alice.id, (tx) => fulltextCandidates(tx, question('saffron recipe'), ['semantic'], now));
    expect(found.matches).toEqual([]);
    expect(found.excluded).toEqual([]);
    expect(await termsOf(alice.id, secret)).toEqual([]);
    expect(await termsOf(bob.id, secret)).toEqual(['recip', 'saffron', 'secret']);
    // Each user sees only their own totals.
    expect(await statsOf(alice.id)).toHaveLength(1);
    expect((await statsOf(bob.id))[0]?.docs).toBe(1);
    // Alice cannot plant postings that point at Bob's memory, nor touch his totals.
    await expect(
      t.withUser(alice.id, (tx) => tx.execute(sql`insert into memory_terms (user_id, term, memory_id) values (${bob.id}, 'x', ${secret})`)),
    ).rejects.toThrow();
    await expect(t.withUser(alice.id, (tx) => tx.execute(sql`insert into memory_term_stats (user_id, docs) values (${bob.id}, 99)`))).rejects.toThrow();
    await t.withUser(alice.id, (tx) => tx.execute(sql`update memory_term_stats set docs = 99 where user_id = ${bob.id}`));
    expect((await statsOf(bob.id))[0]?.docs).toBe(1);
  });
});

describe('memory_terms on an upgraded database', () => {
  it('is filled for memories written before the migrations, also when the owner is not a superuser, and db:migrate retokenises them', async () => {
    // The migrations as they were before memory_terms existed.
    const before = await migrationsBefore('0007_recall_term_index');

    const pglite = await createNonSuperuserOwnerPglite();
    const connection = connect({ driver: 'pglite', client: pglite });
    try {
      await runMigrations(connection, before.folder);
      const withSystem = createWithSystem(connection.db);
      const [user] = await withSystem((tx) => queryRows<{ id: string }>(tx, sql`insert into users (id, email) values (${crypto.randomUUID()}, 'old@mindbase.dev') returning id`));
      await withSystem((tx) =>
        tx.execute(sql`insert into memories (user_id, type, kind, summary, quote, status, search_text) values (${user!.id}, 'semantic', 'fact', 'Allergic to peanuts', 'q', 'active', 'allerg peanut')`),
      );
      await runMigrations(connection);
      const postings = await withSystem((tx) => queryRows<{ term: string; tf: number; len: number }>(tx, sql`select term, tf, len from memory_terms order by term`));
      expect(postings).toEqual([{ term: 'allerg', tf: 1, len: 2 }, { term: 'peanut', tf: 1, len: 2 }]);
      expect(await withSystem((tx) => queryRows(tx, sql`select docs, len_total from memory_term_stats`))).toEqual([{ docs: 1, len_total: 2 }]);
      // The old light-stemmer words are rewritten by the current tokeniser (npm run db:migrate).
      expect(await reindexSearchText(withSystem)).toBe(1);
      expect(await reindexSearchText(withSystem)).toBe(0);
      const [row] = await withSystem((tx) => queryRows<{ search_text: string; search_version: number }>(tx, sql`select search_text, search_version from memories`));
      expect(row).toEqual({ search_text: searchTextOf({ summary: 'Allergic to peanuts', entities: [] }), search_version: SEARCH_TEXT_VERSION });
      expect(await withSystem((tx) => queryRows(tx, sql`select docs, len_total from memory_term_stats`))).toEqual([{ docs: 1, len_total: 2 }]);
      // The migration ran as the owner and leaves the connection as the owner.
      const [me] = await queryRows<{ current_user: string }>(connection.db, sql`select current_user`);
      expect(me?.current_user).toBe('app_owner');
    } finally {
      await pglite.close();
      await before.remove();
    }
  }, 60_000);
});
