/**
 * Background functions: Inngest semantics (steps, retries, idempotency) with @inngest/test, the
 * outbox under a failing event transport, crash/retry and concurrent extractions.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import { conversations, memoryEmbeddings, outbox } from '@/db/schema';
import { turnCompleted, turnCompletedData } from '@/server/events/contracts';
import { inngestFunction } from '@/inngest/function';
import type { WithUser } from '@/db/boundary';
import { deliverInProcess } from '@/server/jobs/dispatch';
import { extractMemoriesJob } from '@/server/jobs/definitions/extract-memories';
import { reembedMemoriesJob } from '@/server/jobs/definitions/reembed-memories';
import { InProcessSteps } from '@/server/steps';
import { sweepOutbox } from '@/server/jobs/sweep-outbox';
import { createLocalEmbedder } from '@/server/llm/local-embedder';
import { createEmbedder } from '@/server/memory/embedder';
import { extractTurn } from '@/server/memory/pipeline/extract-turn';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { memoriesOf } from '../helpers/memories';

async function turnEvent(t: TestDatabase, userId: string, conversationId: string) {
  const rows = await t.db.select().from(outbox).where(eq(outbox.userId, userId));
  const row = rows.find((r) => (r.payload as { conversationId: string }).conversationId === conversationId);
  if (!row) throw new Error('no outbox row for the conversation');
  return row;
}

describe('background jobs', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('the Inngest function runs load → extract → embed → apply and a duplicate event adds nothing', async () => {
    const user = await seedUser(t.db, 'inngest');
    // Deliver nowhere: the turn is only recorded, as when Inngest receives it.
    const jobs = testJobs(t, { deliver: () => Promise.resolve() });
    const conversation = crypto.randomUUID();
    await chatTurn(t, jobs, user, conversation, 'I prefer short answers with bullet points.');
    const row = await turnEvent(t, user.id, conversation);
    const fn = inngestFunction(extractMemoriesJob, jobs.deps);
    const event = turnCompleted.create(row.payload as never, { id: row.idempotencyKey });

    const first = await new InngestTestEngine({ function: fn, events: [event] }).execute();
    expect(first.error).toBeUndefined();
    expect(first.ctx.step.run).toHaveBeenCalledTimes(4);
    expect((first.ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0])).toEqual(['load-window', 'extract', 'embed', 'apply']);
    const after = await memoriesOf(t, user.id);
    expect(after).toHaveLength(1);

    const again = await new InngestTestEngine({ function: fn, events: [event] }).execute();
    expect(again.error).toBeUndefined();
    expect(await memoriesOf(t, user.id)).toEqual(after);
  });

  it('a retry after a crash between steps re-runs only what failed and duplicates nothing', async () => {
    const user = await seedUser(t.db, 'crash');
    const jobs = testJobs(t, { deliver: () => Promise.resolve() });
    const conversation = crypto.randomUUID();
    await chatTurn(t, jobs, user, conversation, "I'm vegetarian and I live in Berlin.");
    const row = await turnEvent(t, user.id, conversation);
    // Attempt 1 dies in the apply step: its database call fails (load-window was call 1).
    let calls = 0;
    const flaky: WithUser = (userId, fn) => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('connection lost')) : t.withUser(userId, fn);
    };
    const flakyDeps = { ...jobs.deps, extraction: { ...jobs.deps.extraction, withUser: flaky } };
    const event = turnCompleted.create(row.payload as never, { id: row.idempotencyKey });
    const crashed = await new InngestTestEngine({ function: inngestFunction(extractMemoriesJob, flakyDeps), events: [event] }).execute();
    expect(crashed.error).toMatchObject({ message: 'connection lost' });
    expect(await memoriesOf(t, user.id)).toEqual([]);

    // Attempt 2: earlier steps are memoised by Inngest; only apply runs, for real.
    const fn = inngestFunction(extractMemoriesJob, jobs.deps);
    const state = crashed.state as Record<string, Promise<unknown>>;
    const memoised = await Promise.all(
      ['load-window', 'extract', 'embed'].map(async (id) => {
        const value = await state[sha1(id)];
        return { id, handler: () => value };
      }),
    );
    const retry = await new InngestTestEngine({ function: fn, events: [event] }).execute({ steps: memoised });
    expect(retry.error).toBeUndefined();
    const once = await memoriesOf(t, user.id);
    expect(once.length).toBeGreaterThanOrEqual(2);

    // A crash *after* apply committed but before Inngest recorded it: apply runs again → no-op.
    const replay = await new InngestTestEngine({ function: fn, events: [event] }).execute();
    expect(replay.error).toBeUndefined();
    expect(await memoriesOf(t, user.id)).toEqual(once);
  });

  it('with event delivery failing, chat still answers, no turn is lost, and recovery extracts each turn exactly once', async () => {
    const user = await seedUser(t.db, 'outage');
    let up = false;
    const healthy = testJobs(t);
    const jobs = testJobs(t, {
      deliver: (r) => (up ? deliverInProcess(healthy.provider)(r) : Promise.reject(new Error('Inngest unreachable'))),
    });
    const conversation = crypto.randomUUID();
    const reply = await chatTurn(t, jobs, user, conversation, 'I work as a nurse at the city hospital.');
    expect(reply.length).toBeGreaterThan(0);
    await chatTurn(t, jobs, user, conversation, 'My sister Anna lives in Lisbon.');
    expect(await memoriesOf(t, user.id)).toEqual([]);
    const pending = await t.db.select().from(outbox).where(eq(outbox.userId, user.id));
    expect(pending.map((r) => [r.dispatchedAt, r.attempts])).toEqual([
      [null, 1],
      [null, 1],
    ]);

    up = true;
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await sweepOutbox(t.withSystem, jobs.dispatcher, later)).toEqual({ resent: 2, gaveUp: 0 });
    await healthy.provider.idle();
    const extracted = await memoriesOf(t, user.id);
    expect(extracted.length).toBeGreaterThanOrEqual(2);
    // A second sweep (or a duplicate delivery) finds nothing to do and changes nothing.
    expect(await sweepOutbox(t.withSystem, jobs.dispatcher, later)).toEqual({ resent: 0, gaveUp: 0 });
    await deliverInProcess(healthy.provider)(pending[0]!);
    expect(await memoriesOf(t, user.id)).toEqual(extracted);
  });

  it('two extractions for the same user at once: no duplicate, nothing lost', async () => {
    const user = await seedUser(t.db, 'race');
    const jobs = testJobs(t, { deliver: () => Promise.resolve() });
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    await chatTurn(t, jobs, user, a, 'I am allergic to shellfish.');
    await chatTurn(t, jobs, user, b, 'I am allergic to shellfish.');
    await chatTurn(t, jobs, user, b, 'I play the cello on weekends.');
    const events = await t.db.select().from(outbox).where(eq(outbox.userId, user.id));
    // Bypass the per-user queue: run every event concurrently, twice, with fresh step memos.
    await Promise.all(
      [...events, ...events].map((row) => extractTurn(new InProcessSteps(() => Promise.resolve()), row.payload as never, jobs.deps.extraction)),
    );
    const active = await memoriesOf(t, user.id, 'active');
    const shellfish = active.filter((m) => m.summary.toLowerCase().includes('shellfish'));
    expect(shellfish).toHaveLength(1);
    expect(active.some((m) => m.summary.toLowerCase().includes('cello'))).toBe(true);
  });

  it('an event naming another user\'s conversation touches nobody', async () => {
    const alice = await seedUser(t.db, 'alice');
    const mallory = await seedUser(t.db, 'mallory');
    const jobs = testJobs(t, { deliver: () => Promise.resolve() });
    const conversation = crypto.randomUUID();
    await chatTurn(t, jobs, alice, conversation, 'I live in Oslo.');
    const row = await turnEvent(t, alice.id, conversation);
    const forged = turnCompletedData.parse({ ...row.payload, userId: mallory.id });
    const outcome = await extractTurn(new InProcessSteps(() => Promise.resolve()), forged, jobs.deps.extraction);
    expect(outcome.status).toBe('missing');
    expect(await memoriesOf(t, mallory.id)).toEqual([]);
    expect(await memoriesOf(t, alice.id)).toEqual([]);
    const [conv] = await t.db.select().from(conversations).where(eq(conversations.id, conversation));
    expect(conv?.extractedThroughAt).toBeNull();
  });

  it('re-embed gives every active memory a vector from the new model, in batches, without touching the old ones', async () => {
    const user = await seedUser(t.db, 'reembed');
    const jobs = testJobs(t);
    const conversation = crypto.randomUUID();
    for (const text of ['I live in Madrid.', 'I work as a pilot.', 'I love jazz.', 'I have two cats.']) {
      await chatTurn(t, jobs, user, conversation, text);
    }
    const active = await memoriesOf(t, user.id, 'active');
    expect(active.length).toBeGreaterThanOrEqual(4);
    const next = testJobs(t, { embedder: createEmbedder(createLocalEmbedder({ dimensions: 128 }), 'local:hash-128') });
    const fn = inngestFunction(reembedMemoriesJob, next.deps);
    const result = await new InngestTestEngine({ function: fn, events: [{ name: 'memory/reembed.requested', data: { userId: user.id } }] }).execute();
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual({ embedded: active.length });
    const vectors = await t.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.userId, user.id));
    const byModel = (model: string) => vectors.filter((v) => v.model === model).map((v) => v.memoryId).sort();
    expect(byModel('local:hash-128')).toEqual(active.map((m) => m.id).sort());
    expect(byModel('local:hash-256')).toEqual(active.map((m) => m.id).sort());
    expect(vectors.find((v) => v.model === 'local:hash-128')?.dimensions).toBe(128);
  });
});

/** @inngest/test keys step state by the sha1 of the step id. */
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
