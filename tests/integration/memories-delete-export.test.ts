/** Delete semantics checked in the database, export/import round trip, bad imports, 10,000-item paging. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/rows';
import { auditLog, memoryEmbeddings } from '@/db/schema';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { everythingStored, memoriesOf } from '../helpers/memories';
import { errorOf, memoriesFor, seedMemory, testEmbedder } from './memories-helpers';

describe('memories: delete, export, import', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  /** Rows anywhere that still belong to these memory ids. */
  async function remnants(ids: string[]) {
    const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
    // Owner connection: sees every user's rows, so nothing can hide behind row-level security.
    const n = async (table: string, column: string) =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(column)} in (${list})`))[0]!.n;
    return {
      memories: await n('memories', 'id'),
      versions: await n('memory_versions', 'memory_id'),
      vectors: await n('memory_embeddings', 'memory_id'),
      sources: await n('memory_sources', 'memory_id'),
      ledger: await n('recall_ledger', 'memory_id'),
    };
  }
  const none = { memories: 0, versions: 0, vectors: 0, sources: 0, ledger: 0 };

  /** A memory created from chat and then recalled into an answer, so it has a ledger row. */
  async function recalledMemory(user: { id: string }) {
    const jobs = testJobs(t, { embedder: testEmbedder });
    const conversation = crypto.randomUUID();
    await chatTurn(t, jobs, user, conversation, "Remember that I'm allergic to peanuts");
    await chatTurn(t, jobs, user, conversation, 'What should I avoid eating?');
    const [memory] = await memoriesOf(t, user.id, 'active');
    return memory!;
  }

  it('delete one: previews, then removes the item, versions, vectors, sources, ledger rows and audit text', async () => {
    const user = await seedUser(t.db, 'delete-one');
    const api = memoriesFor(t, user);
    const memory = await recalledMemory(user);
    await api.edit({ id: memory.id, version: memory.version, summary: `${memory.summary} (edited)` });
    const other = await seedMemory(t, user, { summary: 'Likes sailing' });

    const preview = await api.deletePreview({ id: memory.id });
    expect(preview.versions).toBeGreaterThanOrEqual(2);
    expect(preview.vectors).toBe(1);
    expect(preview.sources).toBe(1);
    expect(preview.ledgerEntries).toBeGreaterThanOrEqual(1);
    expect(preview.answersCiting).toBeGreaterThanOrEqual(1);
    const before = await remnants([memory.id]);
    expect(before.ledger).toBe(preview.ledgerEntries);

    expect(await api.delete({ id: memory.id })).toEqual(preview);
    expect(await remnants([memory.id])).toEqual(none);
    const audit = JSON.stringify(await t.db.select().from(auditLog).where(eq(auditLog.userId, user.id)));
    expect(audit).not.toMatch(/peanut/i);
    expect(audit).toContain('memory.deleted');
    expect((await errorOf(api.get({ id: memory.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(api.delete({ id: memory.id }))).code).toBe('NOT_FOUND');
    expect((await memoriesOf(t, user.id)).map((m) => m.id)).toEqual([other.id]);
  });

  it('delete all: nothing of any memory remains, one audit entry with the receipt and no text', async () => {
    const user = await seedUser(t.db, 'delete-all');
    const api = memoriesFor(t, user);
    const recalled = await recalledMemory(user);
    const seeded = await Promise.all(['Loves sushi', 'Has a dog named Rex'].map((summary) => seedMemory(t, user, { summary })));
    const ids = [recalled.id, ...seeded.map((m) => m.id), ...(await memoriesOf(t, user.id)).map((m) => m.id)];
    expect((await remnants(ids)).ledger).toBeGreaterThanOrEqual(1);

    const { memories: deleted, versions, vectors, sources, ledgerEntries, status } = await api.deleteAll({ confirm: 'DELETE ALL' });
    expect(status).toBe('done');
    expect(deleted).toBe(new Set(ids).size);
    expect(await remnants(ids)).toEqual(none);
    const stored = await everythingStored(t, user.id);
    for (const text of ['peanut', 'sushi', 'Rex']) expect(stored.toLowerCase()).not.toContain(text.toLowerCase());
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'memory.deleted_all'));
    expect(entry).toMatchObject({ userId: user.id, actor: 'user', detail: { memories: deleted, versions, vectors, sources, ledgerEntries } });
    expect(versions).toBeGreaterThanOrEqual(deleted);
    expect(ledgerEntries).toBeGreaterThanOrEqual(1);
  });

  it('export → delete all → import round-trips to the same memories', async () => {
    const user = await seedUser(t.db, 'round-trip');
    const api = memoriesFor(t, user);
    const jobs = testJobs(t, { embedder: testEmbedder });
    await chatTurn(t, jobs, user, crypto.randomUUID(), "Remember that I'm allergic to peanuts");
    await seedMemory(t, user, { summary: 'Maybe likes jazz', status: 'candidate' });
    await seedMemory(t, user, { summary: 'Used to live in Beijing', status: 'superseded', kind: 'fact' });
    await seedMemory(t, user, { summary: 'Trip to Kyoto in May', type: 'episodic', kind: 'event', status: 'archived', occurredAt: new Date('2024-05-01T00:00:00Z') });
    const pinned = await seedMemory(t, user, { summary: 'Always answer in English', type: 'procedural', kind: 'rule', importance: 5, sensitive: true });
    await api.pin({ id: pinned.id });
    const shape = async () =>
      (await memoriesOf(t, user.id))
        .map((m) => [m.summary, m.type, m.kind, m.status, m.importance, m.pinned, m.sensitive, m.entities, m.occurredAt?.toISOString() ?? null, m.quote])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const original = await shape();

    const json = await api.export({ format: 'json' });
    expect(json.contentType).toBe('application/json');
    expect(json.filename).toMatch(/^mindbase-memories-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(json.body) as { format: string; version: number; memories: Record<string, unknown>[] };
    expect(file).toMatchObject({ format: 'mindbase.memories', version: 1 });
    expect(file.memories).toHaveLength(original.length);
    expect(json.body).not.toMatch(/embedding|vector/i);
    const first = file.memories[0]!;
    expect(Object.keys(first).sort()).toEqual(
      ['confidence', 'createdAt', 'entities', 'id', 'importance', 'kind', 'occurredAt', 'origin', 'pinned', 'sensitive', 'sources', 'status', 'summary', 'type', 'updatedAt', 'validUntil', 'validity', 'versions'].sort(),
    );
    const markdown = await api.export({ format: 'markdown' });
    expect(markdown.body).toContain('# My Mindbase memories');
    expect(markdown.body).toContain('Always answer in English');
    expect(markdown.contentType).toContain('text/markdown');

    await api.deleteAll({ confirm: 'DELETE ALL' });
    expect(await memoriesOf(t, user.id)).toEqual([]);
    expect(await api.import({ json: json.body })).toMatchObject({ added: original.length, skipped: 0 });
    expect(await shape()).toEqual(original);
    // Recallable again: active items have vectors; the source link to the user's own conversation survives.
    const active = await memoriesOf(t, user.id, 'active');
    for (const m of active) expect(await t.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, m.id))).toHaveLength(1);
    const peanut = active.find((m) => /peanut/i.test(m.summary))!;
    expect((await api.get({ id: peanut.id })).sources[0]).toMatchObject({ messageExists: true });

    // Importing the same file again adds nothing: every item already exists.
    const again = await api.import({ json: json.body });
    expect(again).toMatchObject({ added: 0, skipped: original.length });
    expect(again.skippedItems[0]!.reason).toBe('already exists');
    const actions = (await api.activity({ limit: 100 })).items.map((e) => e.action);
    expect(actions).toContain('memory.exported');
    expect(actions).toContain('memory.imported');
  });

  it('import never links to another user’s conversation and dedups within the file', async () => {
    const alice = await seedUser(t.db, 'import-alice');
    const bob = await seedUser(t.db, 'import-bob');
    const jobs = testJobs(t, { embedder: testEmbedder });
    await chatTurn(t, jobs, alice, crypto.randomUUID(), "Remember that I'm allergic to peanuts");
    const file = JSON.parse((await memoriesFor(t, alice).export({ format: 'json' })).body) as { memories: { summary: string }[] };
    file.memories.push({ ...file.memories[0]!, summary: `  ${file.memories[0]!.summary.toUpperCase()}. ` });
    const result = await memoriesFor(t, bob).import({ json: JSON.stringify(file) });
    expect(result).toMatchObject({ added: 1, skipped: 1, skippedItems: [{ index: 1, reason: 'repeated in the file' }] });
    const [imported] = await memoriesOf(t, bob.id);
    expect(imported).toMatchObject({ sourceConversationId: null, sourceMessageId: null });
    expect((await memoriesFor(t, bob).get({ id: imported!.id })).sources[0]).toMatchObject({ conversationId: null, messageExists: false });
  });

  it.each([
    ['not json {', 'not valid JSON'],
    [JSON.stringify({ format: 'other', version: 1, exportedAt: new Date().toISOString(), memories: [] }), 'format must be "mindbase.memories"'],
    [JSON.stringify({ format: 'mindbase.memories', version: 2, exportedAt: new Date().toISOString(), memories: [] }), 'Only version 1'],
    ['[]', 'not a Mindbase memory export'],
    [JSON.stringify({ notes: ['a', 'b'] }), 'not a Mindbase memory export'],
  ])('a malformed import (%#) says what is wrong and changes nothing', async (json, message) => {
    const user = await seedUser(t.db, 'bad-import');
    await seedMemory(t, user, { summary: 'Existing memory' });
    const before = await everythingStored(t, user.id);
    const error = await errorOf(memoriesFor(t, user).import({ json }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(message);
    expect(await everythingStored(t, user.id)).toBe(before);
  });

  it('a bad field names its path and the whole file is refused', async () => {
    const user = await seedUser(t.db, 'bad-field');
    const source = await seedUser(t.db, 'bad-field-source');
    await seedMemory(t, source, { summary: 'Good one' });
    await seedMemory(t, source, { summary: 'Bad one' });
    const file = JSON.parse((await memoriesFor(t, source).export({ format: 'json' })).body) as { memories: Record<string, unknown>[] };
    file.memories[1]!.importance = 6;
    const error = await errorOf(memoriesFor(t, user).import({ json: JSON.stringify(file) }));
    expect(error.message).toContain('memories.1.importance');
    expect(error.message).toContain('nothing was changed');
    expect(await memoriesOf(t, user.id)).toEqual([]);
    const tooLong = { ...file, memories: [{ ...file.memories[0], summary: 'x'.repeat(1001) }] };
    expect((await errorOf(memoriesFor(t, user).import({ json: JSON.stringify(tooLong) }))).message).toContain('memories.0.summary');
    expect((await errorOf(memoriesFor(t, user).import({ json: 'x'.repeat(5 * 1024 * 1024 + 1) }))).message).toContain('at most 5 MB');
    expect(await memoriesOf(t, user.id)).toEqual([]);
  });

  it('pages through 10,000 memories with a keyset cursor, with no repeats or gaps', async () => {
    const user = await seedUser(t.db, 'many');
    // Same created_at for blocks of rows, so ties are broken by id as they would be in a bulk import.
    await t.db.execute(sql`
      insert into memories (user_id, type, kind, summary, quote, status, importance, created_at, last_accessed_at)
      select ${user.id}, 'semantic', 'fact', 'Fact number ' || g, 'q', 'active', 1 + g % 5,
             timestamptz '2024-01-01' + (g / 7) * interval '1 second' + (g % 3) * interval '1 microsecond',
             case when g % 2 = 0 then timestamptz '2024-06-01' + g * interval '1 minute' end
      from generate_series(1, 10000) g`);
    const api = memoriesFor(t, user);
    for (const sort of ['created', 'importance', 'last_used'] as const) {
      const seen = new Set<string>();
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof api.list>> = await api.list({ sort, limit: 100, cursor });
        for (const item of page.items) seen.add(item.id);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(seen.size, sort).toBe(10_000);
      expect(pages, sort).toBe(100);
    }
  });
});
