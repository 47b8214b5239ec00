/** The memory settings API (SPEC §7, issue 6): every action, bad input, isolation. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memories, memoryEmbeddings } from '@/db/schema';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { everythingStored, memoriesOf, versionsOf } from '../helpers/memories';
import { errorOf, memoriesFor, seedMemory, testEmbedder } from './memories-helpers';

describe('memories API', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  const vectorsOf = (id: string) => t.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, id));

  it('refuses signed-out callers', async () => {
    expect((await errorOf(memoriesFor(t, null).list({}))).code).toBe('UNAUTHORIZED');
  });

  it('lists with filters, search and sort', async () => {
    const user = await seedUser(t.db, 'list');
    const api = memoriesFor(t, user);
    await seedMemory(t, user, { summary: 'Prefers green tea in the morning', importance: 2 });
    await seedMemory(t, user, { summary: 'Allergic to peanuts', type: 'semantic', kind: 'constraint', importance: 5, sensitive: true });
    await seedMemory(t, user, { summary: 'Went hiking in Yosemite last week', type: 'episodic', kind: 'event', importance: 3 });
    await seedMemory(t, user, { summary: 'Maybe likes jazz', status: 'candidate', importance: 1 });
    await seedMemory(t, user, { summary: 'Old phone number', status: 'superseded' });

    const all = await api.list({});
    expect(all.items.map((m) => m.summary)).not.toContain('Old phone number');
    expect(all.items).toHaveLength(4);
    expect((await api.list({ status: ['superseded'] })).items.map((m) => m.summary)).toEqual(['Old phone number']);
    expect((await api.list({ type: 'episodic' })).items.map((m) => m.summary)).toEqual(['Went hiking in Yosemite last week']);
    expect((await api.list({ importanceMin: 4 })).items.map((m) => m.summary)).toEqual(['Allergic to peanuts']);
    expect((await api.list({ sensitive: true })).items).toHaveLength(1);
    expect((await api.list({ search: 'peanut' })).items.map((m) => m.summary)).toEqual(['Allergic to peanuts']);
    expect((await api.list({ search: '!!!' })).items).toEqual([]);
    expect((await api.list({ sort: 'importance' })).items.map((m) => m.importance)).toEqual([5, 3, 2, 1]);
    expect((await api.list({ from: new Date(Date.now() + 60_000) })).items).toEqual([]);
    expect((await api.list({ to: new Date(Date.now() + 60_000) })).items).toHaveLength(4);
    expect((await api.list({ sort: 'last_used' })).items).toHaveLength(4);
  });

  it("searches a memory's own words from the postings: any of the terms, stemmed, Chinese too; not its context, not another user's", async () => {
    const user = await seedUser(t.db, 'search');
    const other = await seedUser(t.db, 'search-other');
    const api = memoriesFor(t, user);
    await seedMemory(t, user, { summary: 'Went running along the river', context: 'What did you do on the weekend with Anna?' });
    await seedMemory(t, user, { summary: '喜欢喝乌龙茶' });
    await seedMemory(t, other, { summary: 'Runs a bakery by the river' });
    const found = async (search: string) => (await api.list({ search })).items.map((m) => m.summary);

    expect(await found('runs')).toEqual(['Went running along the river']);
    expect(await found('river tea 乌龙')).toEqual(['喜欢喝乌龙茶', 'Went running along the river']);
    expect(await found('weekend Anna')).toEqual([]);
    expect(await found('bakery')).toEqual([]);
    expect(await memoriesFor(t, other).list({ search: 'river' }).then((p) => p.items.map((m) => m.summary))).toEqual(['Runs a bakery by the river']);
  });

  it('gets an item with its sources and whether the source message still exists', async () => {
    const user = await seedUser(t.db, 'get');
    const jobs = testJobs(t, { embedder: testEmbedder });
    await chatTurn(t, jobs, user, crypto.randomUUID(), "Remember that I'm allergic to peanuts");
    const [memory] = await memoriesOf(t, user.id, 'active');
    expect(memory).toBeDefined();
    const detail = await memoriesFor(t, user).get({ id: memory!.id });
    expect(detail.summary).toBe(memory!.summary);
    expect(detail.sources).toHaveLength(1);
    expect(detail.sources[0]).toMatchObject({ conversationId: memory!.sourceConversationId, messageExists: true });
    expect(detail.sources[0]!.quote.toLowerCase()).toContain('peanuts');

    const seeded = await seedMemory(t, user, { summary: 'Lives in Hangzhou', sourceMessageId: crypto.randomUUID() });
    expect((await memoriesFor(t, user).get({ id: seeded.id })).sources[0]).toMatchObject({ conversationId: null, messageExists: false });
  });

  it('edits: a new version, a new vector, and stale versions are refused', async () => {
    const user = await seedUser(t.db, 'edit');
    const api = memoriesFor(t, user);
    const memory = await seedMemory(t, user, { summary: 'Drinks coffee every morning' });
    const vectorBefore = (await vectorsOf(memory.id))[0]!.embedding;

    const edited = await api.edit({ id: memory.id, version: 1, summary: 'Drinks tea every morning', importance: 4 });
    expect(edited).toMatchObject({ summary: 'Drinks tea every morning', importance: 4, version: 2 });
    const versions = await versionsOf(t, memory.id);
    expect(versions.at(-1)).toMatchObject({ actor: 'user', oldSummary: 'Drinks coffee every morning', newSummary: 'Drinks tea every morning' });
    const vectors = await vectorsOf(memory.id);
    expect(vectors).toHaveLength(1);
    expect(vectors[0]!.embedding).not.toEqual(vectorBefore);
    expect((await api.list({ search: 'tea' })).items.map((m) => m.id)).toEqual([memory.id]);

    // Only importance: no re-embed needed, still versioned.
    await api.edit({ id: memory.id, version: 2, importance: 2, validUntil: new Date('2030-01-01T00:00:00Z') });
    expect((await vectorsOf(memory.id))[0]!.embedding).toEqual(vectors[0]!.embedding);

    const stale = await errorOf(api.edit({ id: memory.id, version: 1, summary: 'Something else' }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toBe('This memory changed in another tab; reload and try again.');
    expect((await memoriesOf(t, user.id))[0]).toMatchObject({ summary: 'Drinks tea every morning', version: 3 });
  });

  it.each([
    [{ importance: 0 }, 'Importance is a whole number from 1 to 5'],
    [{ importance: 6 }, 'Importance is a whole number from 1 to 5'],
    [{ summary: 'x'.repeat(1001) }, 'at most 1000 characters'],
    [{ summary: '   ' }, 'needs some text'],
    [{ kind: 'Not A Kind!' }, 'lowercase letters'],
    [{}, 'Nothing to change'],
  ])('rejects a bad edit %j with a clear message and changes nothing', async (patch, message) => {
    const user = await seedUser(t.db, 'bad-edit');
    const memory = await seedMemory(t, user, { summary: 'Runs on Sundays' });
    const error = await errorOf(memoriesFor(t, user).edit({ id: memory.id, version: 1, ...patch }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(message);
    expect(await memoriesOf(t, user.id)).toEqual([memory]);
    expect(await versionsOf(t, memory.id)).toHaveLength(1);
  });

  it('unknown ids and malformed ids are refused', async () => {
    const user = await seedUser(t.db, 'unknown');
    const api = memoriesFor(t, user);
    expect((await errorOf(api.get({ id: crypto.randomUUID() }))).code).toBe('NOT_FOUND');
    expect((await errorOf(api.delete({ id: crypto.randomUUID() }))).code).toBe('NOT_FOUND');
    const bad = await errorOf(api.get({ id: 'not-a-uuid' }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.message).toContain('Memory ids are UUIDs');
    expect((await errorOf(api.list({ limit: 101 }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(api.list({ cursor: 'garbage' }))).message).toContain('cursor is not valid');
  });

  it('pins and unpins, each a version', async () => {
    const user = await seedUser(t.db, 'pin');
    const api = memoriesFor(t, user);
    const memory = await seedMemory(t, user, { summary: 'Vegetarian' });
    expect((await api.pin({ id: memory.id })).pinned).toBe(true);
    expect((await api.unpin({ id: memory.id })).pinned).toBe(false);
    expect((await versionsOf(t, memory.id)).map((v) => v.reason)).toEqual(['seeded for a test', 'Pinned by the user', 'Unpinned by the user']);
  });

  it('confirms a candidate (and embeds it) and rejects another', async () => {
    const user = await seedUser(t.db, 'confirm');
    const api = memoriesFor(t, user);
    const a = await seedMemory(t, user, { summary: 'Maybe plays chess', status: 'candidate' });
    const b = await seedMemory(t, user, { summary: 'Maybe dislikes cats', status: 'candidate' });
    expect(await vectorsOf(a.id)).toHaveLength(0);
    expect(await api.confirm({ id: a.id })).toMatchObject({ status: 'active', confidence: 'high' });
    expect(await vectorsOf(a.id)).toHaveLength(1);
    expect((await api.reject({ id: b.id })).status).toBe('forgotten');
    const again = await errorOf(api.confirm({ id: a.id }));
    expect(again.code).toBe('BAD_REQUEST');
    expect(again.message).toContain('Only a memory waiting for review');
    expect((await errorOf(api.reject({ id: a.id }))).message).toContain('Only a memory waiting for review');
  });

  it('resolves a conflict: kept → active, dropped → superseded, both versioned', async () => {
    const user = await seedUser(t.db, 'conflict');
    const api = memoriesFor(t, user);
    const old = await seedMemory(t, user, { summary: 'Lives in Beijing', kind: 'fact' });
    const rival = await seedMemory(t, user, { summary: 'Lives in Hangzhou', kind: 'fact', status: 'conflicted' });
    const result = await api.resolveConflict({ keepId: rival.id, dropId: old.id });
    expect(result.kept).toMatchObject({ id: rival.id, status: 'active' });
    expect(result.dropped).toMatchObject({ id: old.id, status: 'superseded' });
    expect((await versionsOf(t, rival.id)).at(-1)!.reason).toContain('Kept by the user');
    expect((await versionsOf(t, old.id)).at(-1)!.reason).toContain('Dropped by the user');
    expect(await vectorsOf(rival.id)).toHaveLength(1);
    expect((await errorOf(api.resolveConflict({ keepId: old.id, dropId: old.id }))).message).toContain('two different');
    // Neither side in conflict: nothing to resolve, nothing changed.
    const x = await seedMemory(t, user, { summary: 'Likes rain' });
    const y = await seedMemory(t, user, { summary: 'Likes snow' });
    expect((await errorOf(api.resolveConflict({ keepId: x.id, dropId: y.id }))).message).toContain('Neither memory is in conflict');
    expect(await versionsOf(t, x.id)).toHaveLength(1);
    expect(await versionsOf(t, y.id)).toHaveLength(1);
  });

  it('restores an archived memory and gives it a vector', async () => {
    const user = await seedUser(t.db, 'restore');
    const api = memoriesFor(t, user);
    const memory = await seedMemory(t, user, { summary: 'Learning Spanish', status: 'archived' });
    expect(await api.restore({ id: memory.id })).toMatchObject({ status: 'active' });
    expect(await vectorsOf(memory.id)).toHaveLength(1);
    expect((await errorOf(api.restore({ id: memory.id }))).message).toContain('Only an archived');
  });

  it('shows history old → new and reverts to an earlier version as a new version', async () => {
    const user = await seedUser(t.db, 'history');
    const api = memoriesFor(t, user);
    const memory = await seedMemory(t, user, { summary: 'Works at Acme' });
    await api.edit({ id: memory.id, version: 1, summary: 'Works at Globex', type: 'episodic' });
    const history = await api.history({ id: memory.id });
    expect(history.map((h) => [h.version, h.actor, h.oldSummary, h.newSummary])).toEqual([
      [1, 'extractor', null, 'Works at Acme'],
      [2, 'user', 'Works at Acme', 'Works at Globex'],
    ]);
    const reverted = await api.revert({ id: memory.id, toVersion: 1 });
    expect(reverted).toMatchObject({ summary: 'Works at Acme', type: 'semantic', version: 3 });
    expect((await api.history({ id: memory.id })).at(-1)).toMatchObject({ reason: 'Reverted by the user to version 1', newSummary: 'Works at Acme' });
    expect((await errorOf(api.revert({ id: memory.id, toVersion: 9 }))).code).toBe('NOT_FOUND');
    expect((await errorOf(api.revert({ id: memory.id, toVersion: 1, version: 2 }))).code).toBe('CONFLICT');
  });

  it('an edited text brings its own entity tags: gone names go, new names come, kept ones stay', async () => {
    const user = await seedUser(t.db, 'entities');
    const api = memoriesFor(t, user);
    const memory = await seedMemory(t, user, { summary: 'Lives in Lyon with Marc', entities: ['Lyon', 'Marc'] });
    const edited = await api.edit({ id: memory.id, version: 1, summary: 'Lives in Berlin with Marc since March' });
    expect(edited.entities).toEqual(['Marc', 'Berlin', 'March']);
    // Chinese text keeps what it still says, and a Latin name inside it is a tag.
    const zh = await seedMemory(t, user, { summary: '在上海工作', entities: ['上海'] });
    expect((await api.edit({ id: zh.id, version: 1, summary: '在深圳的 Tencent 工作' })).entities).toEqual(['Tencent']);
    // Changing only the importance leaves the tags alone.
    expect((await api.edit({ id: memory.id, version: 2, importance: 5 })).entities).toEqual(['Marc', 'Berlin', 'March']);
  });

  it('overview counts by type and status, and per week', async () => {
    const user = await seedUser(t.db, 'overview');
    await seedMemory(t, user, { summary: 'A' });
    await seedMemory(t, user, { summary: 'B', type: 'episodic', kind: 'event' });
    await seedMemory(t, user, { summary: 'C', status: 'candidate' });
    const overview = await memoriesFor(t, user).overview();
    expect(overview.total).toBe(3);
    expect(overview.byType).toEqual({ semantic: 2, episodic: 1 });
    expect(overview.byStatus).toEqual({ active: 2, candidate: 1 });
    expect(overview.weeks).toHaveLength(12);
    expect(overview.weeks.at(-1)!.created).toBe(3);
    expect(overview.weeks.reduce((n, w) => n + w.created, 0)).toBe(3);
  });

  it('activity log pages through audit entries newest first', async () => {
    const user = await seedUser(t.db, 'activity');
    const api = memoriesFor(t, user);
    const memory = await seedMemory(t, user, { summary: 'Plays guitar' });
    await api.pin({ id: memory.id });
    await api.unpin({ id: memory.id });
    const first = await api.activity({ limit: 2 });
    expect(first.items.map((e) => e.action)).toEqual(['memory.unpinned', 'memory.pinned']);
    const second = await api.activity({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((e) => e.action)).toEqual(['memory.created']);
    expect(second.nextCursor).toBeNull();
  });

  it('deleteAll needs the exact confirmation and otherwise changes nothing', async () => {
    const user = await seedUser(t.db, 'delete-all-bad');
    await seedMemory(t, user, { summary: 'Keeps bees' });
    for (const confirm of ['delete all', 'DELETE ALL ', 'yes']) {
      const error = await errorOf(memoriesFor(t, user).deleteAll({ confirm: confirm as 'DELETE ALL' }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toContain('Type DELETE ALL exactly');
    }
    expect(await memoriesOf(t, user.id)).toHaveLength(1);
  });

  it('isolation: user B can neither read nor change A’s memories', async () => {
    const alice = await seedUser(t.db, 'alice');
    const bob = await seedUser(t.db, 'bob');
    const a = await seedMemory(t, alice, { summary: 'Alice secret: loves opera' });
    const cand = await seedMemory(t, alice, { summary: 'Alice maybe likes golf', status: 'candidate' });
    const arch = await seedMemory(t, alice, { summary: 'Alice old hobby', status: 'archived' });
    const conf = await seedMemory(t, alice, { summary: 'Alice lives in Paris', status: 'conflicted' });
    const bobs = await seedMemory(t, bob, { summary: 'Bob likes jazz', status: 'conflicted' });
    const aliceBefore = await everythingStored(t, alice.id);
    const api = memoriesFor(t, bob);

    expect((await api.list({ status: ['active', 'candidate', 'archived', 'conflicted', 'superseded', 'merged', 'forgotten'] })).items.map((m) => m.id)).toEqual([bobs.id]);
    expect((await api.list({ search: 'opera' })).items).toEqual([]);
    const attempts: Promise<unknown>[] = [
      api.get({ id: a.id }),
      api.edit({ id: a.id, version: 1, summary: 'hacked' }),
      api.pin({ id: a.id }),
      api.unpin({ id: a.id }),
      api.confirm({ id: cand.id }),
      api.reject({ id: cand.id }),
      api.restore({ id: arch.id }),
      api.resolveConflict({ keepId: conf.id, dropId: bobs.id }),
      api.resolveConflict({ keepId: bobs.id, dropId: conf.id }),
      api.deletePreview({ id: a.id }),
      api.delete({ id: a.id }),
      api.history({ id: a.id }),
      api.revert({ id: a.id, toVersion: 1 }),
    ];
    for (const attempt of attempts) expect((await errorOf(attempt)).code).toBe('NOT_FOUND');

    expect((await api.overview()).total).toBe(1);
    expect(JSON.stringify(await api.activity({ limit: 100 }))).not.toContain('Alice');
    const exported = await api.export({ format: 'json' });
    expect(exported.body).not.toContain('Alice');
    await api.deleteAll({ confirm: 'DELETE ALL' });
    expect(await memoriesOf(t, alice.id)).toHaveLength(4);
    expect(await everythingStored(t, alice.id)).toBe(aliceBefore);
    // Bob's own conflicted memory was untouched by the failed resolves.
    expect(await memoriesOf(t, bob.id)).toEqual([]);
  });

  it('audit scrub on delete leaves other users alone', async () => {
    const alice = await seedUser(t.db, 'alice-audit');
    const bob = await seedUser(t.db, 'bob-audit');
    await seedMemory(t, alice, { summary: 'Alice keeps her audit text' });
    await memoriesFor(t, bob).deleteAll({ confirm: 'DELETE ALL' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.userId, alice.id));
    expect(JSON.stringify(entries)).toContain('Alice keeps her audit text');
    expect(await t.db.select().from(memories).where(eq(memories.userId, alice.id))).toHaveLength(1);
  });
});
