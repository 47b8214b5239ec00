/**
 * Weekly consolidation on a real database (SPEC §6, §4.4): a topic's episodic items become one
 * summary that recall prefers, linked both ways; re-runs, small groups, other topics, summary
 * levels, conflicts, isolation, a crash between batches and the Inngest cron function.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import { userDb, type WithUser } from '@/db/boundary';
import { memories, memorySources, memoryVersions, users } from '@/db/schema';
import { inngestFunction } from '@/inngest/function';
import { consolidateMemoriesJob } from '@/server/jobs/definitions/consolidate-memories';
import { InProcessSteps } from '@/server/steps';
import { addDays } from '@/server/lifecycle/clock';
import { runConsolidation, type ConsolidationDeps } from '@/server/lifecycle/run-consolidation';
import type { JobRequest } from '@/server/lifecycle/run-decay';
import { createMemory, type NewMemory } from '@/server/memory/repository';
import { embeddingText } from '@/server/memory/embedder';
import { storeEmbedding } from '@/server/memory/embeddings';
import type { MemoryRow } from '@/server/memory/memory-types';
import { recall } from '@/server/recall/recall';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { localEmbedder, testJobs } from '../helpers/jobs';
import { sourcesOf, versionsOf } from '../helpers/memories';

const base = new Date();
const day = (n: number) => addDays(base, n);
const steps = (completed?: Map<string, unknown>) => new InProcessSteps(() => Promise.reject(new Error('no events')), completed);
const embedder = localEmbedder();
const SLOW = 60_000;

const RELEASE = [
  'Discussed the release date with the team',
  'Decided the release beta ships on Wednesday',
  'QA found two blockers in the release',
  'Fixed the release blockers',
  'Wrote the release notes',
];

async function seed(t: TestDatabase, userId: string, over: Partial<NewMemory> & { summary: string }, daysAgo = 3): Promise<MemoryRow> {
  return t.withUser(userId, async (tx) => {
    const row = await createMemory(
      tx,
      { userId, type: 'episodic', kind: 'event', quote: over.summary.toLowerCase(), status: 'active', importance: 2, entities: ['the release'], createdAt: day(-daysAgo), occurredAt: day(-daysAgo), ...over },
      { actor: 'extractor', reason: 'seed' },
    );
    const [vector] = await embedder.embed([embeddingText(row)]);
    await storeEmbedding(tx, row, embedder.modelId, vector!);
    return row;
  });
}

const seedRelease = (t: TestDatabase, userId: string) => Promise.all(RELEASE.map((summary, i) => seed(t, userId, { summary, importance: i === 1 ? 4 : 2 }, 6 - i)));

function depsOf(t: TestDatabase, over: Partial<ConsolidationDeps> = {}): ConsolidationDeps {
  return { withUser: t.withUser, withSystem: t.withSystem, embedder, extractionModel: null, ...over };
}

const rowsOf = (t: TestDatabase, userId: string) => t.db.select().from(memories).where(eq(memories.userId, userId)).orderBy(asc(memories.createdAt), asc(memories.id));

describe('consolidation job', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());
  const run = (userId: string, extra: Partial<JobRequest> = {}) => runConsolidation(steps(), { now: base, userId, ...extra }, depsOf(t));

  it('five episodic items about "the release" become one summary that recall prefers, linked both ways', async () => {
    const user = await seedUser(t.db, 'release');
    const sources = await seedRelease(t, user.id);
    const report = await run(user.id);
    expect(report.counts).toMatchObject({ summarised: 1, merged: 5 });

    const active = (await rowsOf(t, user.id)).filter((m) => m.status === 'active');
    expect(active).toHaveLength(1);
    const summary = active[0]!;
    expect(summary).toMatchObject({ type: 'episodic', kind: 'summary_1', importance: 4, entities: ['the release'] });
    expect(summary.occurredAt?.getTime()).toBe(day(-2).getTime());
    expect(summary.summary).toMatch(/^Discussed the release 5 times \(.+\): Discussed the release date with the team; Decided the release beta ships on Wednesday;/);
    const [creation] = await versionsOf(t, summary.id);
    expect(creation).toMatchObject({ actor: 'consolidation', newStatus: 'active' });
    for (const s of sources) expect(creation?.reason).toContain(s.id);

    // Summary → sources: every source's quote is on the summary.
    expect((await sourcesOf(t, summary.id)).map((s) => s.quote).sort()).toEqual(sources.map((s) => s.quote).sort());
    // Source → summary: status merged, pointer and reason, recorded as a version.
    for (const s of sources) {
      const [row] = await t.db.select().from(memories).where(eq(memories.id, s.id));
      expect(row).toMatchObject({ status: 'merged', supersedesId: summary.id, statusReason: `Merged into summary ${summary.id}` });
      const last = (await versionsOf(t, s.id)).at(-1);
      expect(last).toMatchObject({ actor: 'consolidation', oldStatus: 'active', newStatus: 'merged', reason: `Merged into summary ${summary.id}` });
      expect(last?.snapshot).toMatchObject({ supersedesId: summary.id });
    }

    const injected = (await recall(userDb(t.withUser, user.id), { message: 'what happened with the release?', now: base }, { embedder })).injectedIds;
    expect(injected).toContain(summary.id);
    for (const s of sources) expect(injected).not.toContain(s.id);
  });

  it('running it twice changes nothing more', async () => {
    const user = await seedUser(t.db, 'twice');
    await seedRelease(t, user.id);
    await run(user.id);
    const before = await rowsOf(t, user.id);
    const versions = await t.db.select().from(memoryVersions).where(eq(memoryVersions.userId, user.id));
    const again = await run(user.id);
    expect(again.changes).toEqual([]);
    expect(await rowsOf(t, user.id)).toEqual(before);
    expect(await t.db.select().from(memoryVersions).where(eq(memoryVersions.userId, user.id))).toHaveLength(versions.length);
  });

  it('a group of two is left alone; items about different entities are not merged', async () => {
    const user = await seedUser(t.db, 'small');
    await seed(t, user.id, { summary: 'Went to the gym', entities: ['gym'] });
    await seed(t, user.id, { summary: 'Skipped the gym', entities: ['gym'] });
    await seed(t, user.id, { summary: 'Saw the dentist', entities: ['dentist'] });
    await seed(t, user.id, { summary: 'Planted tomatoes', entities: ['garden'] });
    await seed(t, user.id, { summary: 'Booked flights', entities: ['trip'] });
    const report = await run(user.id);
    expect(report.changes).toEqual([]);
    expect((await rowsOf(t, user.id)).every((m) => m.status === 'active' && m.version === 1)).toBe(true);
  });

  it('at most two levels: level-1 summaries fold into a level-2 one, level 2 is never merged again', async () => {
    const user = await seedUser(t.db, 'levels');
    const l1 = await Promise.all([1, 2, 3].map((i) => seed(t, user.id, { summary: `Discussed the release 3 times (week ${i}): step ${i}`, kind: 'summary_1' }, 20 - i * 5)));
    const l2 = await Promise.all([1, 2, 3].map((i) => seed(t, user.id, { summary: `Discussed the release 2 times (month ${i}): milestone ${i}`, kind: 'summary_2' }, i)));
    const report = await run(user.id);
    expect(report.counts).toMatchObject({ summarised: 1, merged: 3 });
    const rows = await rowsOf(t, user.id);
    const created = rows.filter((r) => ![...l1, ...l2].some((s) => s.id === r.id));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ kind: 'summary_2', status: 'active' });
    expect(created[0]?.summary).toMatch(/step 1; step 2; step 3/);
    for (const s of l1) expect(rows.find((r) => r.id === s.id)?.status).toBe('merged');
    for (const s of l2) expect(rows.find((r) => r.id === s.id)?.status).toBe('active');
    expect((await run(user.id)).changes).toEqual([]);
  });

  it('raw items that reach level 1 and, with earlier summaries, level 2 in one run stay put on the next', async () => {
    const user = await seedUser(t.db, 'both-levels');
    await Promise.all([1, 2].map((i) => seed(t, user.id, { summary: `Discussed the release 3 times (week ${i}): step ${i}`, kind: 'summary_1' }, 20 - i * 5)));
    await seedRelease(t, user.id);
    const report = await run(user.id);
    expect(report.counts).toMatchObject({ summarised: 2, merged: 8 });
    const active = (await rowsOf(t, user.id)).filter((r) => r.status === 'active');
    expect(active.map((r) => r.kind)).toEqual(['summary_2']);
    expect((await sourcesOf(t, active[0]!.id)).length).toBe(7);
    expect((await run(user.id)).changes).toEqual([]);
  });

  it('conflicts: the newer statement said twice wins, with versions and reasons; said once it stays', async () => {
    const user = await seedUser(t.db, 'conflict');
    const fact = { type: 'semantic' as const, kind: 'fact' };
    const shanghai = await seed(t, user.id, { ...fact, summary: 'Lives in Shanghai', entities: ['Shanghai'] }, 40);
    const reason = 'Contradicts "Lives in Shanghai" without a correction; waiting for confirmation';
    const first = await seed(t, user.id, { ...fact, summary: 'Lives in Hangzhou', entities: ['Hangzhou'], status: 'conflicted', statusReason: reason, quote: 'I live in Hangzhou' }, 10);
    const second = await seed(t, user.id, { ...fact, summary: 'Lives in Hangzhou', entities: ['Hangzhou'], status: 'conflicted', statusReason: reason, quote: 'Hangzhou is home' }, 5);

    const other = await seedUser(t.db, 'conflict-once');
    const tea = await seed(t, other.id, { ...fact, kind: 'preference', summary: 'Drinks green tea', entities: ['tea'] }, 40);
    const once = await seed(t, other.id, { ...fact, kind: 'preference', summary: 'Drinks black tea', entities: ['tea'], status: 'conflicted', statusReason: 'Contradicts "Drinks green tea" without a correction; waiting for confirmation' }, 5);

    const report = await run(user.id);
    expect(report.counts).toMatchObject({ conflict_won: 1, conflict_lost: 1, merged: 1 });
    const status = async (id: string) => (await t.db.select().from(memories).where(eq(memories.id, id)))[0];
    expect(await status(shanghai.id)).toMatchObject({ status: 'superseded' });
    expect(await status(second.id)).toMatchObject({ status: 'active', supersedesId: shanghai.id, statusReason: null });
    expect(await status(first.id)).toMatchObject({ status: 'merged', supersedesId: second.id });
    const lost = (await versionsOf(t, shanghai.id)).at(-1);
    expect(lost).toMatchObject({ actor: 'consolidation', newStatus: 'superseded' });
    expect(lost?.reason).toMatch(/replaced by "Lives in Hangzhou", said 2 times/);
    const won = (await versionsOf(t, second.id)).at(-1);
    expect(won).toMatchObject({ actor: 'consolidation', oldStatus: 'conflicted', newStatus: 'active' });
    expect(won?.reason).toMatch(/said 2 times and more recently/);
    expect((await sourcesOf(t, second.id)).map((s) => s.quote).sort()).toEqual(['Hangzhou is home', 'I live in Hangzhou']);
    expect((await recall(userDb(t.withUser, user.id), { message: 'Where do I live?', now: base }, { embedder })).injectedIds).not.toContain(shanghai.id);

    expect((await run(other.id)).changes).toEqual([]);
    expect([await status(tea.id), await status(once.id)].map((m) => m?.status)).toEqual(['active', 'conflicted']);
    expect(await versionsOf(t, once.id)).toHaveLength(1);
  });

  it('isolation: a run for one user touches nobody else, and every change belongs to its user', async () => {
    const a = await seedUser(t.db, 'iso-a');
    const b = await seedUser(t.db, 'iso-b');
    await seedRelease(t, a.id);
    await seedRelease(t, b.id);
    const before = await rowsOf(t, b.id);
    const report = await run(a.id);
    expect(report.users).toBe(1);
    expect(report.changes.length).toBeGreaterThan(0);
    expect(report.changes.every((c) => c.userId === a.id)).toBe(true);
    expect(await rowsOf(t, b.id)).toEqual(before);

    const calls: string[] = [];
    const spy: WithUser = (userId, fn) => {
      calls.push(userId);
      return t.withUser(userId, fn);
    };
    const all = await runConsolidation(steps(), { now: base }, depsOf(t, { withUser: spy, batchSize: 3 }));
    const owners = new Map((await t.db.select({ id: memories.id, userId: memories.userId }).from(memories)).map((m) => [m.id, m.userId]));
    for (const change of all.changes) if (change.memoryId) expect(owners.get(change.memoryId)).toBe(change.userId);
    expect(all.changes.some((c) => c.userId === b.id)).toBe(true);
    expect(new Set(calls)).toEqual(new Set(owners.values()));
    // Summary sources copied from this user's items only.
    const summaryOfB = (await rowsOf(t, b.id)).find((r) => r.kind === 'summary_1')!;
    const srcB = await t.db.select().from(memorySources).where(eq(memorySources.memoryId, summaryOfB.id));
    expect(srcB.every((s) => s.userId === b.id)).toBe(true);
  });

  it('--dry-run lists what would change and writes nothing', async () => {
    const user = await seedUser(t.db, 'dry');
    await seedRelease(t, user.id);
    const before = await rowsOf(t, user.id);
    const report = await run(user.id, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, counts: { summarised: 1, merged: 5 } });
    expect(await rowsOf(t, user.id)).toEqual(before);
  });
});

describe('consolidation across users', () => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(open.map((t) => t.close()));
  });
  async function fixture() {
    const t = await createTestDatabase('pglite');
    open.push(t);
    for (let i = 0; i < 5; i += 1) {
      const { id } = await seedUser(t.db, `cbatch${i}`);
      await seedRelease(t, id);
    }
    return t;
  }
  /** Every user's memories and versions by place in id order, without ids (they differ per database). */
  async function state(t: TestDatabase) {
    const order = (await t.db.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((u) => u.id);
    const rows = await t.db.select().from(memories);
    const versions = await t.db.select().from(memoryVersions);
    return order.map((userId) =>
      rows
        .filter((r) => r.userId === userId)
        .map((r) => ({ summary: r.summary, kind: r.kind, status: r.status, version: r.version, history: versions.filter((v) => v.memoryId === r.id).map((v) => `${v.version}:${v.actor}:${v.newStatus}`).sort() }))
        .sort((x, y) => x.summary.localeCompare(y.summary)),
    );
  }

  it('a crash between batches, then a re-run, ends in the same state as one clean run', async () => {
    const clean = await fixture();
    const cleanReport = await runConsolidation(steps(), { now: base }, depsOf(clean, { batchSize: 2 }));

    const t = await fixture();
    // The third user (second batch) dies at its third transaction, after its level-1 summary
    // committed: a user half done when the step failed, which the re-run must finish cleanly.
    const seen: string[] = [];
    const perUser = new Map<string, number>();
    let crashed = false;
    const flaky: WithUser = (userId, fn) => {
      if (!seen.includes(userId)) seen.push(userId);
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      if (!crashed && seen.indexOf(userId) === 2 && perUser.get(userId) === 3) {
        crashed = true;
        return Promise.reject(new Error('connection lost'));
      }
      return t.withUser(userId, fn);
    };
    const memo = new Map<string, unknown>();
    const deps = depsOf(t, { withUser: flaky, batchSize: 2 });
    await expect(runConsolidation(steps(memo), { now: base }, deps)).rejects.toThrow('connection lost');
    expect([...memo.keys()]).toEqual(['consolidate-batch-0']);

    const resumed = await runConsolidation(steps(memo), { now: base }, deps);
    // The state is the clean run's; the report cannot count the summary committed by the step
    // that failed (its result was never recorded), so it shows one group fewer.
    expect(resumed.counts).toEqual({ ...cleanReport.counts, summarised: 4, merged: 20 });
    expect(await state(t)).toEqual(await state(clean));
    const again = await runConsolidation(steps(), { now: base }, depsOf(t));
    expect(again.changes).toEqual([]);
    expect(await state(t)).toEqual(await state(clean));
  }, SLOW);

  it('the Inngest weekly cron function takes "now" from the clock in a step and runs the batches', async () => {
    const t = await fixture();
    const fn = inngestFunction(consolidateMemoriesJob, { ...testJobs(t).deps, consolidation: depsOf(t, { batchSize: 2 }), clock: () => base });
    const result = await new InngestTestEngine({ function: fn, events: [{ name: 'inngest/scheduled.timer', data: { cron: 'TZ=UTC 0 4 * * 0' } }] }).execute();
    expect(result.error).toBeUndefined();
    const ids = (result.ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0]);
    expect(ids).toEqual(['clock', 'consolidate-batch-0', 'consolidate-batch-1', 'consolidate-batch-2']);
    expect(result.result).toMatchObject({ now: base.toISOString(), users: 5, counts: { summarised: 5, merged: 25 } });
    const stepState = result.state as Record<string, Promise<unknown>>;
    expect(await stepState[sha1('clock')]).toBe(base.toISOString());
  }, SLOW);
});

/** @inngest/test keys step state by the sha1 of the step id. */
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
