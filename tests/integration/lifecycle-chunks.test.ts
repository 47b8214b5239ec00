/**
 * One user's lifecycle work in short write transactions (decay: `writeChunk` changes each;
 * consolidation: one summary each), so a concurrent chat waits for one chunk, not a whole
 * user: a crash between two chunks of one user, then a re-run, ends in the same state as one
 * clean run, and a recall asked mid-job is answered before the job ends.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { userDb, type WithUser } from '@/db/boundary';
import { auditLog, memories, memoryVersions } from '@/db/schema';
import { InProcessSteps } from '@/server/steps';
import { addDays } from '@/server/lifecycle/clock';
import { runConsolidation } from '@/server/lifecycle/run-consolidation';
import { runDecay, type JobRequest, type LifecycleDeps } from '@/server/lifecycle/run-decay';
import { createMemory, type NewMemory } from '@/server/memory/repository';
import { recall } from '@/server/recall/recall';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { localEmbedder } from '../helpers/jobs';

const base = new Date();
const day = (n: number) => addDays(base, n);
const steps = () => new InProcessSteps(() => Promise.reject(new Error('no events')));
const embedder = localEmbedder();
const SLOW = 60_000;

const open: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(open.map((t) => t.close()));
});

/** A fresh database with one user holding `items`. */
async function fixture(items: (Partial<NewMemory> & { summary: string })[]) {
  const t = await createTestDatabase('pglite');
  open.push(t);
  const { id } = await seedUser(t.db, 'chunks');
  await t.withUser(id, async (tx) => {
    // A day apart, oldest first, so both databases order (and summarise) them the same way.
    for (const [i, m] of items.entries()) {
      const at = day(i - items.length);
      await createMemory(tx, { userId: id, type: 'episodic', kind: 'event', quote: m.summary, status: 'active', importance: 1, createdAt: at, occurredAt: at, ...m }, { actor: 'extractor', reason: 'seed' });
    }
  });
  return { t, userId: id };
}

/** The user's memories and their histories, without ids (they differ per database). */
async function state(t: TestDatabase, userId: string) {
  const rows = await t.db.select().from(memories).where(eq(memories.userId, userId)).orderBy(asc(memories.summary));
  const versions = await t.db.select().from(memoryVersions).where(eq(memoryVersions.userId, userId));
  const audits = await t.db.select().from(auditLog).where(eq(auditLog.userId, userId));
  return {
    rows: rows.map((r) => ({
      summary: r.summary,
      kind: r.kind,
      status: r.status,
      version: r.version,
      linked: r.supersedesId !== null,
      history: versions.filter((v) => v.memoryId === r.id).map((v) => `${v.version}:${v.actor}:${v.newStatus}:${v.reason.replace(/[0-9a-f-]{36}/g, '<id>')}`).sort(),
    })),
    audits: audits.length,
  };
}

/** withUser that fails its `n`th call, as a lost connection would. */
function crashingAt(t: TestDatabase, n: number): WithUser {
  let calls = 0;
  return (userId, fn) => (++calls === n ? Promise.reject(new Error('connection lost')) : t.withUser(userId, fn));
}

const IDLE = Array.from({ length: 7 }, (_, i) => ({ summary: `Idle note ${i}`, type: 'semantic' as const, kind: 'fact' }));
const TOPICS = [
  ...['Booked the trip flights', 'Packed for the trip', 'Wrote the trip itinerary'].map((summary) => ({ summary, entities: ['the trip'] })),
  ...['Drafted the release notes', 'Tagged the release', 'Announced the release', 'Fixed a release bug'].map((summary) => ({ summary, entities: ['the release'] })),
];

describe('lifecycle write chunks within one user', () => {
  it('decay: a crash between two chunks of one user, then a re-run, ends as one clean run', async () => {
    const request: JobRequest = { now: day(365) };
    const clean = await fixture(IDLE);
    const cleanReport = await runDecay(steps(), request, { withUser: clean.t.withUser, withSystem: clean.t.withSystem, writeChunk: 2 });
    expect(cleanReport.counts.archived_idle).toBe(7);

    const { t, userId } = await fixture(IDLE);
    // Call 1 lists the ids, calls 2 and 3 write two chunks of two, call 4 dies.
    const deps: LifecycleDeps = { withUser: crashingAt(t, 4), withSystem: t.withSystem, writeChunk: 2 };
    await expect(runDecay(steps(), request, deps)).rejects.toThrow('connection lost');
    expect((await t.db.select().from(memories).where(eq(memories.status, 'archived'))).length).toBe(4);

    const resumed = await runDecay(steps(), request, { ...deps, withUser: t.withUser });
    expect(resumed.counts.archived_idle).toBe(3);
    expect(await state(t, userId)).toEqual(await state(clean.t, clean.userId));
    expect((await runDecay(steps(), request, { ...deps, withUser: t.withUser })).changes).toEqual([]);
  }, SLOW);

  it('consolidation: a crash between two summaries of one user, then a re-run, ends as one clean run', async () => {
    const request: JobRequest = { now: base };
    const clean = await fixture(TOPICS);
    const cleanReport = await runConsolidation(steps(), request, { withUser: clean.t.withUser, withSystem: clean.t.withSystem, embedder, extractionModel: null });
    expect(cleanReport.counts).toMatchObject({ summarised: 2, merged: 7 });

    const { t, userId } = await fixture(TOPICS);
    // Call 1 reads level 1, call 2 writes the first summary, call 3 (the second) dies.
    const deps = { withUser: crashingAt(t, 3), withSystem: t.withSystem, embedder, extractionModel: null };
    await expect(runConsolidation(steps(), request, deps)).rejects.toThrow('connection lost');
    const half = await state(t, userId);
    expect(half.rows.filter((r) => r.kind === 'summary_1')).toHaveLength(1);
    // The first summary is whole: every one of its sources merged, nothing of the second written.
    expect(half.rows.filter((r) => r.status === 'merged').length).toBeGreaterThanOrEqual(3);

    const resumed = await runConsolidation(steps(), request, { ...deps, withUser: t.withUser });
    expect(resumed.counts.summarised).toBe(1);
    expect(await state(t, userId)).toEqual(await state(clean.t, clean.userId));
    expect((await runConsolidation(steps(), request, { ...deps, withUser: t.withUser })).changes).toEqual([]);
  }, SLOW);

  it('a recall asked while decay runs is answered between two chunks, before the job ends', async () => {
    const { t, userId } = await fixture(Array.from({ length: 40 }, (_, i) => ({ summary: `Idle note ${i}`, type: 'semantic' as const, kind: 'fact' })));
    const order: string[] = [];
    let chunks = 0;
    const counting: WithUser = (id, fn) => t.withUser(id, (tx) => fn(tx).finally(() => (chunks += 1)));
    const job = runDecay(steps(), { now: day(365) }, { withUser: counting, withSystem: t.withSystem, writeChunk: 2 }).then(() => order.push('job done'));
    // Let the job start its chunks, then ask.
    while (chunks < 2) await new Promise((resolve) => setImmediate(resolve));
    const asked = recall(userDb(t.withUser, userId), { message: 'what notes do I have?', now: day(365) }, { embedder }).then(() => order.push(`recall done after ${chunks} of 21 job transactions`));
    await Promise.all([job, asked]);
    expect(order[0]).toMatch(/^recall done/);
    expect(order[1]).toBe('job done');
  }, SLOW);
});
