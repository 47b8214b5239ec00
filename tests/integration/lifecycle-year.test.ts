/**
 * Issue 7's "done when": moving the clock forward a year on a seeded account leaves a memory that
 * is smaller, current and still complete — nothing important lost, nothing stale recalled, every
 * change explained in the item's history. The account is seeded through the real chat (offline
 * model, fast channel, background extraction), plus a run of project events; then a year of
 * weekly decay, retention and consolidation runs against the moving clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userDb } from '@/db/boundary';
import { type memories, messages } from '@/db/schema';
import { InProcessSteps } from '@/server/steps';
import { addDays } from '@/server/lifecycle/clock';
import { runConsolidation } from '@/server/lifecycle/run-consolidation';
import { runDecay } from '@/server/lifecycle/run-decay';
import { runRetention } from '@/server/lifecycle/run-retention';
import { createMemory } from '@/server/memory/repository';
import { embeddingText } from '@/server/memory/embedder';
import { storeEmbedding } from '@/server/memory/embeddings';
import { recall } from '@/server/recall/recall';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { memoriesOf, versionsOf } from '../helpers/memories';

const base = new Date();
const WEEKS = 53;
const PROJECT = [
  'Kicked off the Atlas migration',
  'Moved the billing tables in the Atlas migration',
  'Found a data gap during the Atlas migration',
  'Fixed the data gap in the Atlas migration',
  'Finished the Atlas migration',
];

describe('a year of lifecycle jobs on one account', () => {
  let t: TestDatabase;
  let jobs: ReturnType<typeof testJobs>;
  let user: { id: string };
  let before: (typeof memories.$inferSelect)[];
  let after: (typeof memories.$inferSelect)[];

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    jobs = testJobs(t);
    user = await seedUser(t.db, 'year');
    const say = (text: string) => chatTurn(t, jobs, user, crypto.randomUUID(), text);
    await say("I'm allergic to peanuts.");
    await say('From now on, keep your answers short.');
    await say('My sister Mei lives in Chengdu.');
    await say('Remember that I have a dentist appointment on ' + addDays(base, 5).toISOString().slice(0, 10) + '.');
    await say('I like jazz a little.');
    for (const [i, summary] of PROJECT.entries()) {
      await t.withUser(user.id, async (tx) => {
        const at = addDays(base, i);
        const row = await createMemory(
          tx,
          { userId: user.id, type: 'episodic', kind: 'event', summary, quote: summary.toLowerCase(), status: 'active', importance: 3, entities: ['the Atlas migration'], createdAt: at, occurredAt: at },
          { actor: 'extractor', reason: 'seed' },
        );
        await storeEmbedding(tx, row, jobs.embedder.modelId, (await jobs.embedder.embed([embeddingText(row)]))[0]!);
      });
    }
    before = await memoriesOf(t, user.id);

    const deps = { withUser: t.withUser, withSystem: t.withSystem };
    const steps = () => new InProcessSteps(() => Promise.reject(new Error('no events')));
    for (let week = 1; week <= WEEKS; week += 1) {
      const now = addDays(base, week * 7);
      await runDecay(steps(), { now, userId: user.id }, deps);
      await runRetention(steps(), { now, userId: user.id }, deps);
      await runConsolidation(steps(), { now, userId: user.id }, { ...deps, embedder: jobs.embedder, extractionModel: null });
    }
    after = await memoriesOf(t, user.id);
  }, 120_000);
  afterAll(async () => t?.close());

  const yearLater = addDays(base, WEEKS * 7);
  const recalled = async (message: string) =>
    (await recall(userDb(t.withUser, user.id), { message, recentTurns: [], now: yearLater }, { embedder: jobs.embedder })).section;

  it('is smaller: fewer active memories than it started with', () => {
    const active = (rows: typeof before) => rows.filter((m) => m.status === 'active').length;
    expect(before.length).toBeGreaterThanOrEqual(9);
    expect(active(after)).toBeLessThan(active(before));
  });

  it('loses nothing important: every memory of importance ≥ 3 is still active, or merged into an active summary', () => {
    const byId = new Map(after.map((m) => [m.id, m]));
    // An expired plan is not lost: it is archived, restorable, and no longer true.
    const lasting = before.filter((x) => x.importance >= 3 && (x.validUntil === null || x.validUntil > yearLater));
    for (const m of lasting) {
      const now = byId.get(m.id);
      const kept = now?.status === 'active' || (now?.status === 'merged' && byId.get(now.supersedesId ?? '')?.status === 'active');
      expect(kept, `"${m.summary}" (importance ${m.importance}) is ${now?.status}`).toBe(true);
    }
    expect(after.find((m) => /peanut/i.test(m.summary))?.status).toBe('active');
  });

  it('recalls what still matters a year on, and nothing stale', async () => {
    expect(await recalled('What should I cook tonight?')).toMatch(/peanut/i);
    expect(await recalled('Any appointments coming up?')).not.toMatch(/dentist/i);
    const dentist = after.find((m) => /dentist/i.test(m.summary));
    expect(dentist?.status).toBe('archived');
  });

  it('folds the project events into one summary that recall prefers, sources reachable from it', async () => {
    const summary = after.find((m) => m.kind === 'summary_1' && m.status === 'active');
    expect(summary?.summary).toMatch(/Atlas migration 5 times/);
    const sources = after.filter((m) => PROJECT.includes(m.summary));
    expect(sources.every((m) => m.status === 'merged' && m.supersedesId === summary?.id)).toBe(true);
    // Recall prefers the summary: it is injected (as one line, cut to fit), its sources are not.
    const section = await recalled('How did the Atlas migration go?');
    expect(section).toContain('Discussed the Atlas migration 5 times');
    expect(section).not.toMatch(/^- .*\] Kicked off the Atlas migration/m);
  });

  it('explains every change: each memory whose status changed has a version by a job, with its reason', async () => {
    const initial = new Map(before.map((m) => [m.id, m.status]));
    const changed = after.filter((m) => initial.has(m.id) && initial.get(m.id) !== m.status);
    expect(changed.length).toBeGreaterThan(0);
    for (const m of changed) {
      const last = (await versionsOf(t, m.id)).at(-1);
      expect(last?.newStatus).toBe(m.status);
      expect(last?.actor).toMatch(/^(?:job:|consolidation)/);
      expect(last?.reason.length).toBeGreaterThan(5);
    }
  });

  it('purges the raw conversations past retention and keeps the quotes', async () => {
    expect(await t.db.select().from(messages).where(eq(messages.userId, user.id))).toHaveLength(0);
    const allergy = after.find((m) => /peanut/i.test(m.summary));
    expect(allergy?.quote).toMatch(/allergic to peanuts/i);
  });
});
