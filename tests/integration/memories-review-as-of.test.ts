/** The review badge count and the "as of" view of the memory settings API (SPEC §7, issue 6). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMemory } from '@/server/memory/repository';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { errorOf, memoriesFor, seedMemory } from './memories-helpers';

/** Version timestamps come from the database clock; a short pause keeps "before" and "after" apart. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A moment between two writes: after everything so far, before anything next. */
async function moment(): Promise<Date> {
  await tick();
  const at = new Date();
  await tick();
  return at;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase('pglite');
});
afterAll(async () => t?.close());

describe('memories.reviewCount', () => {
  it('counts candidates and conflicts, and follows a confirm', async () => {
    const user = await seedUser(t.db, 'review');
    const api = memoriesFor(t, user);
    expect(await api.reviewCount()).toEqual({ candidate: 0, conflicted: 0, total: 0 });

    await seedMemory(t, user, { summary: 'Likes green tea' });
    await seedMemory(t, user, { summary: 'Old hobby', status: 'archived' });
    await seedMemory(t, user, { summary: 'Old address', status: 'superseded' });
    const maybe = await seedMemory(t, user, { summary: 'Maybe likes jazz', status: 'candidate' });
    await seedMemory(t, user, { summary: 'Maybe likes golf', status: 'candidate' });
    await seedMemory(t, user, { summary: 'Lives in Paris', status: 'conflicted' });
    expect(await api.reviewCount()).toEqual({ candidate: 2, conflicted: 1, total: 3 });

    await api.confirm({ id: maybe.id });
    expect(await api.reviewCount()).toEqual({ candidate: 1, conflicted: 1, total: 2 });
  });

  it('refuses signed-out callers', async () => {
    expect((await errorOf(memoriesFor(t, null).reviewCount())).code).toBe('UNAUTHORIZED');
  });
});

describe('memories.asOf', () => {
  it('shows the version active at that moment: old text before an edit, new text after', async () => {
    const user = await seedUser(t.db, 'asof-edit');
    const api = memoriesFor(t, user);
    const beforeAll = await moment();
    const coffee = await seedMemory(t, user, { summary: 'Drinks coffee every morning', importance: 3 });
    const T = await moment();
    await api.edit({ id: coffee.id, version: 1, summary: 'Drinks tea every morning' });

    const then = await api.asOf({ at: T });
    expect(then.items).toHaveLength(1);
    expect(then.items[0]).toMatchObject({
      id: coffee.id,
      version: 1,
      summary: 'Drinks coffee every morning',
      currentVersion: 2,
      currentStatus: 'active',
      currentSummary: 'Drinks tea every morning',
    });
    expect(then.at).toEqual(T);
    expect(then.truncated).toBe(false);

    const now = await api.asOf({ at: new Date() });
    expect(now.items.map((m) => [m.summary, m.version])).toEqual([['Drinks tea every morning', 2]]);

    // Before the memory existed, nothing.
    expect((await api.asOf({ at: beforeAll })).items).toEqual([]);
  });

  it('leaves out memories created after the moment, deleted ones, and ones not active then', async () => {
    const user = await seedUser(t.db, 'asof-mix');
    const api = memoriesFor(t, user);
    const kept = await seedMemory(t, user, { summary: 'Allergic to peanuts', importance: 5 });
    const deleted = await seedMemory(t, user, { summary: 'Secret: collects stamps' });
    const candidate = await seedMemory(t, user, { summary: 'Maybe likes jazz', status: 'candidate' });
    await seedMemory(t, user, { summary: 'In Tokyo this week', validity: 'temporary', validUntil: new Date(Date.now() - 1000) });
    const pinnedLater = await seedMemory(t, user, { summary: 'Plays chess' });
    const T = await moment();
    await seedMemory(t, user, { summary: 'Started learning piano' });
    await api.delete({ id: deleted.id });
    await api.confirm({ id: candidate.id });
    await api.pin({ id: pinnedLater.id });

    const then = await api.asOf({ at: T });
    const summaries = then.items.map((m) => m.summary);
    expect(summaries).toContain('Allergic to peanuts');
    expect(then.items.find((m) => m.id === pinnedLater.id)).toMatchObject({ version: 1, currentVersion: 2 });
    expect(summaries).not.toContain('Started learning piano');
    expect(summaries).not.toContain('Secret: collects stamps');
    expect(summaries).not.toContain('Maybe likes jazz');
    expect(summaries).not.toContain('In Tokyo this week');
    expect(JSON.stringify(then)).not.toContain(deleted.id);
    // Most important first.
    expect(then.items[0]?.id).toBe(kept.id);

    const now = (await api.asOf({ at: new Date() })).items.map((m) => m.summary);
    expect(now).toEqual(expect.arrayContaining(['Allergic to peanuts', 'Started learning piano', 'Maybe likes jazz']));
    expect(now).not.toContain('Secret: collects stamps');
    expect(now).not.toContain('In Tokyo this week');
  });

  it('a memory archived or superseded after the moment still shows as it was then', async () => {
    const user = await seedUser(t.db, 'asof-archived');
    const api = memoriesFor(t, user);
    const hobby = await seedMemory(t, user, { summary: 'Plays the violin' });
    const T = await moment();
    // A status change through the same versioned path the lifecycle jobs use.
    await t.withUser(user.id, (tx) => updateMemory(tx, hobby, { status: 'archived' }, { actor: 'job:decay', reason: 'unused for a long time' }));

    const then = await api.asOf({ at: T });
    expect(then.items).toHaveLength(1);
    expect(then.items[0]).toMatchObject({ summary: 'Plays the violin', currentStatus: 'archived' });
    expect((await api.asOf({ at: new Date() })).items).toEqual([]);
  });

  it('bad input: a future date, an unparseable one, extra fields', async () => {
    const user = await seedUser(t.db, 'asof-bad');
    const api = memoriesFor(t, user);
    const future = await errorOf(api.asOf({ at: new Date(Date.now() + 24 * 3600_000) }));
    expect(future.code).toBe('BAD_REQUEST');
    expect(future.message).toContain('in the future');
    const garbage = await errorOf(api.asOf({ at: 'last tuesday-ish' }));
    expect(garbage.code).toBe('BAD_REQUEST');
    expect(garbage.message).toContain('not a date');
    expect((await errorOf(api.asOf({ at: new Date(Number.NaN) }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.asOf({ at: '' }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.asOf({ at: 12345 } as never))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.asOf({} as never))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.asOf({ at: new Date(), userId: 'x' } as never))).code).toBe('BAD_REQUEST');
    expect((await errorOf(memoriesFor(t, null).asOf({ at: new Date() }))).code).toBe('UNAUTHORIZED');
    // An ISO string from another API client works like a Date.
    expect((await api.asOf({ at: '2020-01-01T00:00:00Z' })).items).toEqual([]);
  });
});

describe('isolation of reviewCount and asOf', () => {
  async function twoUsers() {
    const alice = await seedUser(t.db, 'alice');
    const bob = await seedUser(t.db, 'bob');
    await seedMemory(t, alice, { summary: 'Alice secret: loves opera' });
    await seedMemory(t, alice, { summary: 'Alice maybe likes golf', status: 'candidate' });
    await seedMemory(t, alice, { summary: 'Alice lives in Paris', status: 'conflicted' });
    await seedMemory(t, bob, { summary: 'Bob likes jazz' });
    return { alice, bob };
  }

  /** What Bob can see of Alice through the two procedures. */
  async function bobSees(bob: { id: string }) {
    const api = memoriesFor(t, bob);
    const count = await api.reviewCount();
    const asOf = await api.asOf({ at: new Date() });
    return { count: count.total, asOf: asOf.items.map((m) => m.summary) };
  }

  it("user B never sees A's memories or their count", async () => {
    const { alice, bob } = await twoUsers();
    expect(await bobSees(bob)).toEqual({ count: 0, asOf: ['Bob likes jazz'] });
    expect((await memoriesFor(t, alice).reviewCount()).total).toBe(2);
  });

  it('the check bites: with the owner policy loosened, B would see A (then restored)', async () => {
    const { bob } = await twoUsers();
    const loosen = (table: string) => t.db.execute(sql`alter policy owner_only on ${sql.identifier(table)} using (true) with check (true)`);
    const restore = (table: string) =>
      t.db.execute(
        sql`alter policy owner_only on ${sql.identifier(table)} using (user_id = nullif(current_setting('app.user_id', true), '')) with check (user_id = nullif(current_setting('app.user_id', true), ''))`,
      );
    await loosen('memories');
    await loosen('memory_versions');
    try {
      const seen = await bobSees(bob);
      expect(seen.count).toBeGreaterThan(0);
      expect(seen.asOf).toContain('Alice secret: loves opera');
    } finally {
      await restore('memories');
      await restore('memory_versions');
    }
    expect((await bobSees(bob)).asOf).not.toContain('Alice secret: loves opera');
  });
});
