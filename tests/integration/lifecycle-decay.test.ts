/**
 * The decay job on a real database (SPEC §6): time-travel scenarios for every rule, versions and
 * audit for each change, recall after archive and restore, dry runs and idempotent re-runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userDb } from '@/db/boundary';
import { auditLog, memories } from '@/db/schema';
import { addDays } from '@/server/lifecycle/clock';
import { runDecay, type JobRequest } from '@/server/lifecycle/run-decay';
import { InProcessSteps } from '@/server/steps';
import { createMemory, updateMemory, type NewMemory } from '@/server/memory/repository';
import { embeddingText } from '@/server/memory/embedder';
import { storeEmbedding } from '@/server/memory/embeddings';
import type { MemoryRow } from '@/server/memory/memory-types';
import { recall } from '@/server/recall/recall';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { localEmbedder } from '../helpers/jobs';
import { versionsOf } from '../helpers/memories';

const steps = () => new InProcessSteps(() => Promise.reject(new Error('decay sends no events')));
// "Now" is the wall clock at the start, so rows the database stamps itself agree with the test.
const base = new Date();
const day = (n: number) => addDays(base, n);

describe('decay job', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  async function seed(userId: string, overrides: Partial<NewMemory> = {}): Promise<MemoryRow> {
    return t.withUser(userId, (tx) =>
      createMemory(
        tx,
        { userId, type: 'semantic', kind: 'fact', summary: 'Has a bike', quote: 'I have a bike', status: 'active', importance: 3, createdAt: base, ...overrides },
        { actor: 'extractor', reason: 'seed' },
      ),
    );
  }
  const status = async (id: string) => (await t.db.select({ s: memories.status }).from(memories).where(eq(memories.id, id)))[0]?.s;
  const decay = (userId: string, now: Date, extra: Partial<JobRequest> = {}) => runDecay(steps(), { now, userId, ...extra }, { withUser: t.withUser, withSystem: t.withSystem });

  it('importance 1: day 59 stays, day 61 archived, with a version and audit entry by job:decay', async () => {
    const user = await seedUser(t.db, 'imp1');
    const m = await seed(user.id, { importance: 1 });
    expect((await decay(user.id, day(59))).counts.archived_idle).toBe(0);
    expect(await status(m.id)).toBe('active');
    const report = await decay(user.id, day(61));
    expect(report.counts.archived_idle).toBe(1);
    expect(report.changes).toEqual([expect.objectContaining({ userId: user.id, memoryId: m.id, from: 'active', to: 'archived', outcome: 'archived_idle' })]);
    expect(await status(m.id)).toBe('archived');
    const last = (await versionsOf(t, m.id)).at(-1);
    expect(last).toMatchObject({ actor: 'job:decay', oldStatus: 'active', newStatus: 'archived', version: 2 });
    expect(last?.reason).toMatch(/idle/);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.memoryId, m.id), eq(auditLog.actor, 'job:decay')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ status: 'archived', previousStatus: 'active' });
  });

  it('importance 2: day 89 stays, day 91 archived; a recent access resets the idle clock', async () => {
    const user = await seedUser(t.db, 'imp2');
    const idle = await seed(user.id, { importance: 2 });
    const used = await seed(user.id, { importance: 2, lastAccessedAt: day(40) });
    await decay(user.id, day(89));
    expect([await status(idle.id), await status(used.id)]).toEqual(['active', 'active']);
    await decay(user.id, day(91));
    expect([await status(idle.id), await status(used.id)]).toEqual(['archived', 'active']);
    await decay(user.id, day(131));
    expect(await status(used.id)).toBe('archived');
  });

  it('an expired plan is archived the day after valid_until, with reason "expired"', async () => {
    const user = await seedUser(t.db, 'expiry');
    const plan = await seed(user.id, { kind: 'plan', summary: 'Dentist on Friday', quote: 'dentist on Friday', importance: 4, validity: 'temporary', validUntil: day(5) });
    await decay(user.id, day(4));
    expect(await status(plan.id)).toBe('active');
    await decay(user.id, day(6));
    expect(await status(plan.id)).toBe('archived');
    expect((await versionsOf(t, plan.id)).at(-1)).toMatchObject({ actor: 'job:decay', reason: 'expired', newStatus: 'archived' });
  });

  it('a candidate is forgotten after 30 days unconfirmed; at 29 it stays', async () => {
    const user = await seedUser(t.db, 'candidate');
    const c = await seed(user.id, { status: 'candidate', confidence: 'low' });
    await decay(user.id, day(29));
    expect(await status(c.id)).toBe('candidate');
    expect((await decay(user.id, day(31))).counts.candidate_forgotten).toBe(1);
    expect(await status(c.id)).toBe('forgotten');
  });

  it('importance 5 and pinned items are untouched after five years', async () => {
    const user = await seedUser(t.db, 'core');
    const core = await seed(user.id, { importance: 5, summary: 'Allergic to nuts', quote: 'allergic to nuts' });
    const pinned = await seed(user.id, { importance: 1, pinned: true });
    const report = await decay(user.id, day(5 * 365));
    expect(report.changes).toEqual([]);
    expect([await status(core.id), await status(pinned.id)]).toEqual(['active', 'active']);
    expect(await versionsOf(t, core.id)).toHaveLength(1);
  });

  it('feedback: demoted to candidate, re-confirmed, flagged again → forgotten; history shows both steps', async () => {
    const user = await seedUser(t.db, 'feedback');
    const m = await seed(user.id, { accessCount: 2, failCount: 2, lastAccessedAt: base });
    expect((await decay(user.id, day(0))).counts.demoted).toBe(1);
    expect(await status(m.id)).toBe('candidate');
    // The same record does not demote twice: a re-run leaves the candidate alone.
    expect((await decay(user.id, day(1))).changes).toEqual([]);

    const [demoted] = await t.db.select().from(memories).where(eq(memories.id, m.id));
    await t.withUser(user.id, (tx) => updateMemory(tx, demoted!, { status: 'active' }, { actor: 'user', reason: 'confirmed' }));
    expect((await decay(user.id, day(1))).changes).toEqual([]);
    // Used once more and marked "not relevant" again.
    await t.db.update(memories).set({ accessCount: 3, failCount: 3 }).where(eq(memories.id, m.id));
    expect((await decay(user.id, day(2))).counts.feedback_forgotten).toBe(1);
    expect(await status(m.id)).toBe('forgotten');
    const history = (await versionsOf(t, m.id)).map((v) => [v.actor, v.newStatus]);
    expect(history).toEqual([
      ['extractor', 'active'],
      ['job:decay', 'candidate'],
      ['user', 'active'],
      ['job:decay', 'forgotten'],
    ]);
  });

  it('an archived memory is no longer recalled; restoring it brings it back', async () => {
    const user = await seedUser(t.db, 'recall');
    const embedder = localEmbedder();
    const m = await seed(user.id, { importance: 1, summary: 'Drinks green tea every morning', quote: 'I drink green tea every morning', entities: ['green tea'], kind: 'preference' });
    const [vector] = await embedder.embed([embeddingText(m)]);
    await t.withUser(user.id, (tx) => storeEmbedding(tx, m, embedder.modelId, vector!));
    const ask = async (now: Date) => (await recall(userDb(t.withUser, user.id), { message: 'What tea do I drink in the morning?', now }, { embedder })).injectedIds;

    expect(await ask(day(1))).toContain(m.id);
    await decay(user.id, day(61));
    expect(await status(m.id)).toBe('archived');
    expect(await ask(day(61))).not.toContain(m.id);

    const [archived] = await t.db.select().from(memories).where(eq(memories.id, m.id));
    await t.withUser(user.id, (tx) => updateMemory(tx, archived!, { status: 'active', statusReason: null, lastAccessedAt: day(61) }, { actor: 'user', reason: 'restored' }));
    expect(await ask(day(61))).toContain(m.id);
  });

  it('--dry-run reports the changes and writes nothing', async () => {
    const user = await seedUser(t.db, 'dry');
    const a = await seed(user.id, { importance: 1 });
    const b = await seed(user.id, { status: 'candidate' });
    const before = await t.db.select().from(memories).where(eq(memories.userId, user.id));
    const report = await decay(user.id, day(100), { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.counts).toMatchObject({ archived_idle: 1, candidate_forgotten: 1 });
    expect(await t.db.select().from(memories).where(eq(memories.userId, user.id))).toEqual(before);
    expect(await versionsOf(t, a.id)).toHaveLength(1);
    expect(await versionsOf(t, b.id)).toHaveLength(1);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.actor, 'job:decay')))).toEqual([]);
  });

  it('a second run at the same "now" changes nothing', async () => {
    const user = await seedUser(t.db, 'twice');
    await seed(user.id, { importance: 1 });
    await seed(user.id, { importance: 2, validUntil: day(3) });
    await seed(user.id, { status: 'candidate' });
    await seed(user.id, { accessCount: 1, failCount: 1 });
    const first = await decay(user.id, day(365));
    expect(first.changes).toHaveLength(4);
    const after = await t.db.select().from(memories).where(eq(memories.userId, user.id));
    const second = await decay(user.id, day(365));
    expect(second.changes).toEqual([]);
    expect(Object.values(second.counts).every((n) => n === 0)).toBe(true);
    expect(await t.db.select().from(memories).where(eq(memories.userId, user.id))).toEqual(after);
    // The demoted one times out 30 days after its demotion, on the job's clock.
    expect((await decay(user.id, day(394))).counts.candidate_forgotten).toBe(0);
    expect((await decay(user.id, day(396))).counts.candidate_forgotten).toBe(1);
  });
});
