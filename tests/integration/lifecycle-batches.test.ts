/**
 * Lifecycle jobs across many users: batches of users per step, a crash between batches then a
 * re-run, per-user isolation, and the Inngest cron function running the same body.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import type { WithUser } from '@/db/boundary';
import { memories, memoryVersions, users } from '@/db/schema';
import { inngestFunction } from '@/inngest/function';
import { decayMemoriesJob } from '@/server/jobs/definitions/decay-memories';
import { InProcessSteps } from '@/server/steps';
import { addDays } from '@/server/lifecycle/clock';
import { testJobs } from '../helpers/jobs';
import { runDecay, type LifecycleDeps } from '@/server/lifecycle/run-decay';
import { createMemory, type NewMemory } from '@/server/memory/repository';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';

const base = new Date();
const day = (n: number) => addDays(base, n);
const steps = (completed?: Map<string, unknown>) => new InProcessSteps(() => Promise.reject(new Error('no events')), completed);

/** These tests open their own databases (a few seconds each). */
const SLOW = 60_000;
const open: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(open.map((t) => t.close()));
});
async function freshDb() {
  const t = await createTestDatabase('pglite');
  open.push(t);
  return t;
}

const FIXTURE: Partial<NewMemory>[] = [
  { importance: 1, summary: 'Idle trivia' },
  { importance: 2, summary: 'Old habit', lastAccessedAt: day(-100) },
  { importance: 3, summary: 'Trip plan', validUntil: day(10) },
  { status: 'candidate', summary: 'Maybe likes opera' },
  { importance: 3, summary: 'Unhelpful note', accessCount: 1, failCount: 1 },
  { importance: 5, summary: 'Core fact' },
  { importance: 3, summary: 'Kept fact' },
];

/** Five users with the same memories, so two databases can be compared row for row. */
async function seedFixture(t: TestDatabase): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const { id } = await seedUser(t.db, `batch${i}`);
    ids.push(id);
    await t.withUser(id, async (tx) => {
      for (const m of FIXTURE) {
        await createMemory(tx, { userId: id, type: 'semantic', kind: 'fact', summary: 'x', quote: 'q', status: 'active', createdAt: base, ...m }, { actor: 'extractor', reason: 'seed' });
      }
    });
  }
  return ids;
}

/** Every user's memories and versions, keyed by the user's place in id order, without ids. */
async function state(t: TestDatabase) {
  const order = (await t.db.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((u) => u.id);
  const rows = await t.db.select().from(memories);
  const versions = await t.db.select().from(memoryVersions);
  return order.map((userId) =>
    rows
      .filter((r) => r.userId === userId)
      .map((r) => ({
        summary: r.summary,
        status: r.status,
        version: r.version,
        history: versions
          .filter((v) => v.memoryId === r.id)
          .sort((a, b) => a.version - b.version)
          .map((v) => `${v.actor}:${v.newStatus}:${v.reason}`),
      }))
      .sort((a, b) => a.summary.localeCompare(b.summary)),
  );
}

describe('lifecycle jobs in batches', () => {
  it('visits every user once, in batches of batchSize, each in their own withUser', async () => {
    const t = await freshDb();
    const ids = await seedFixture(t);
    const calls: string[] = [];
    const spy: WithUser = (userId, fn) => {
      calls.push(userId);
      return t.withUser(userId, fn);
    };
    const s = steps();
    const report = await runDecay(s, { now: day(365) }, { withUser: spy, withSystem: t.withSystem, batchSize: 2 });
    expect([...s.completed.keys()]).toEqual(['decay-batch-0', 'decay-batch-1', 'decay-batch-2']);
    // Each user: one read transaction, then small write transactions, all under their own id.
    expect([...new Set(calls)].sort()).toEqual([...ids].sort());
    expect(report.users).toBe(5);
    expect(report.counts).toEqual({ archived_idle: 10, archived_expired: 5, candidate_forgotten: 5, demoted: 5, feedback_forgotten: 0 });
    // Every listed change belongs to the user whose transaction made it.
    const owners = new Map((await t.db.select({ id: memories.id, userId: memories.userId }).from(memories)).map((m) => [m.id, m.userId]));
    for (const change of report.changes) expect(owners.get(change.memoryId!)).toBe(change.userId);
  }, SLOW);

  it('a run for one user touches nobody else', async () => {
    const t = await freshDb();
    const [a, b] = await seedFixture(t);
    const before = await t.db.select().from(memories).where(eq(memories.userId, b!));
    const report = await runDecay(steps(), { now: day(365), userId: a! }, { withUser: t.withUser, withSystem: t.withSystem });
    expect(report.users).toBe(1);
    expect(report.changes.every((c) => c.userId === a)).toBe(true);
    expect(report.changes.length).toBeGreaterThan(0);
    expect(await t.db.select().from(memories).where(eq(memories.userId, b!))).toEqual(before);
  }, SLOW);

  it('a crash between batches, then a re-run, ends in the same state as one clean run', async () => {
    const clean = await freshDb();
    await seedFixture(clean);
    const cleanReport = await runDecay(steps(), { now: day(365) }, { withUser: clean.withUser, withSystem: clean.withSystem, batchSize: 2 });

    const t = await freshDb();
    await seedFixture(t);
    let calls = 0;
    // Each fixture user takes two transactions (read, then one chunk of writes), so call 5 is the
    // third user's read: batch 0 is done, batch 1 dies.
    const flaky: WithUser = (userId, fn) => (++calls === 5 ? Promise.reject(new Error('connection lost')) : t.withUser(userId, fn));
    const memo = new Map<string, unknown>();
    const deps: LifecycleDeps = { withUser: flaky, withSystem: t.withSystem, batchSize: 2 };
    await expect(runDecay(steps(memo), { now: day(365) }, deps)).rejects.toThrow('connection lost');
    expect([...memo.keys()]).toEqual(['decay-batch-0']);

    // The retry replays batch 0 from its memo and runs the rest for real.
    const resumed = await runDecay(steps(memo), { now: day(365) }, deps);
    expect(resumed.counts).toEqual(cleanReport.counts);
    expect(await state(t)).toEqual(await state(clean));

    // A full re-run from scratch (memo lost) finds nothing left to do.
    const again = await runDecay(steps(), { now: day(365) }, { ...deps, withUser: t.withUser });
    expect(again.changes).toEqual([]);
    expect(await state(t)).toEqual(await state(clean));
  }, SLOW);

  it('the Inngest cron function takes "now" from the clock in a step and runs the batches', async () => {
    const t = await freshDb();
    await seedFixture(t);
    const { deps } = testJobs(t);
    const fn = inngestFunction(decayMemoriesJob, { ...deps, lifecycle: { withUser: t.withUser, withSystem: t.withSystem, batchSize: 2 }, clock: () => day(365) });
    const result = await new InngestTestEngine({ function: fn, events: [{ name: 'inngest/scheduled.timer', data: { cron: 'TZ=UTC 0 3 * * *' } }] }).execute();
    expect(result.error).toBeUndefined();
    const ids = (result.ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0]);
    expect(ids).toEqual(['clock', 'decay-batch-0', 'decay-batch-1', 'decay-batch-2']);
    expect(result.result).toMatchObject({ now: day(365).toISOString(), users: 5, counts: { archived_idle: 10 } });
    const state = result.state as Record<string, Promise<unknown>>;
    expect(await state[sha1('clock')]).toBe(day(365).toISOString());
  }, SLOW);
});

/** @inngest/test keys step state by the sha1 of the step id. */
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
