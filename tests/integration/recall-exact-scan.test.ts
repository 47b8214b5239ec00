/**
 * The exact nearest-neighbour scan ranks a user's vectors first and filters only the nearest
 * config.recall.exactPrefilterPool. These check it still returns exactly the filtered top K —
 * also when most of the nearest rows are archived, expired or of a type not searched, so the
 * pool holds too few and it must scan again — and never another user's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/rows';
import { config } from '@/server/config';
import { vectorCandidates } from '@/server/recall/gather-candidates';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

const MODEL = 'test:angles-4';
const POOL = config.recall.exactPrefilterPool;
const K = config.recall.vectorTopK;
const query = [1, 0, 0, 0];
// Memory i lies at angle i × 0.004 rad from the query: the larger i, the farther.
const at = (i: number) => [Math.cos(i * 0.004), Math.sin(i * 0.004), 0, 0];

describe('exact vector scan with a pre-ranked pool', () => {
  let t: TestDatabase;
  let user: { id: string };
  let other: { id: string };
  const ids: string[] = [];

  async function plant(userId: string, i: number, fields: { status?: string; type?: string; validUntil?: Date } = {}) {
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into memories (user_id, type, kind, summary, quote, status, valid_until)
          values (${userId}, ${fields.type ?? 'semantic'}, 'fact', ${`m${i}`}, 'q', ${fields.status ?? 'active'}, ${fields.validUntil ?? null}) returning id`,
    );
    await t.db.execute(
      sql`insert into memory_embeddings (memory_id, user_id, model, dimensions, embedding) values (${row!.id}, ${userId}, ${MODEL}, 4, ${`[${at(i).join(',')}]`})`,
    );
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    user = await seedUser(t.db, 'many-filtered');
    other = await seedUser(t.db, 'neighbour');
    const past = new Date('2020-01-01T00:00:00Z');
    // The POOL + 10 nearest cannot be recalled (archived, expired, procedural in turn); then 40 can.
    for (let i = 0; i < POOL + 50; i += 1) {
      const blocked = i < POOL + 10;
      const fields = !blocked ? {} : i % 3 === 0 ? { status: 'archived' } : i % 3 === 1 ? { validUntil: past } : { type: 'procedural' };
      ids.push(await plant(user.id, i, fields));
    }
    // Another user's rows sit even nearer the query.
    for (let i = 0; i < 30; i += 1) await plant(other.id, 0);
  }, 120_000);
  afterAll(async () => t?.close());

  it('finds the nearest recallable rows beyond a pool of blocked ones, nearest first, only the user\'s', async () => {
    const found = await t.withUser(user.id, (tx) => vectorCandidates(tx, query, MODEL, ['semantic', 'episodic'], new Date(), 'exact'));
    expect(found.map((f) => f.id)).toEqual(ids.slice(POOL + 10, POOL + 10 + K));
    expect(found[0]!.similarity).toBeCloseTo(Math.cos((POOL + 10) * 0.004), 5);
  });

  it('answers from the pool when enough of it passes, the same as a full filtered scan', async () => {
    const newer = await seedUser(t.db, 'few-filtered');
    const planted: string[] = [];
    for (let i = 0; i < POOL + 30; i += 1) planted.push(await plant(newer.id, i, i % 4 === 0 ? { status: 'archived' } : {}));
    const found = await t.withUser(newer.id, (tx) => vectorCandidates(tx, query, MODEL, ['semantic'], new Date(), 'exact'));
    const expected = planted.filter((_, i) => i % 4 !== 0).slice(0, K);
    expect(found.map((f) => f.id)).toEqual(expected);
  });

  it('returns fewer than K when the user has fewer recallable rows, and nothing of another user', async () => {
    const few = await seedUser(t.db, 'few');
    const mine = [await plant(few.id, 3), await plant(few.id, 9)];
    const found = await t.withUser(few.id, (tx) => vectorCandidates(tx, query, MODEL, ['semantic'], new Date(), 'exact'));
    expect(found.map((f) => f.id)).toEqual(mine);
  });
});
