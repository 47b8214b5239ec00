/**
 * Issue 16: each job is defined once (server/jobs/registry.ts) and behaves the same on both
 * providers. The Inngest side runs through @inngest/test with the adapter's function
 * (inngest/function.ts); the in-process side through the provider the app uses without Inngest.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithUser } from '@/db/boundary';
import { outbox } from '@/db/schema';
import { inngestFunction } from '@/inngest/function';
import { turnCompleted } from '@/server/events/contracts';
import type { Job } from '@/server/jobs/define-job';
import type { JobDeps } from '@/server/jobs/deps';
import { extractMemoriesJob } from '@/server/jobs/definitions/extract-memories';
import { createInProcessProvider } from '@/server/jobs/in-process-provider';
import { jobs } from '@/server/jobs/registry';
import type { ExtractionOutcome } from '@/server/memory/pipeline/extract-turn';
import type { Steps } from '@/server/steps';
import { createTestDatabase, seedUser, type TestDatabase } from '../helpers/db';
import { chatTurn, testJobs } from '../helpers/jobs';
import { memoriesOf } from '../helpers/memories';

/** @inngest/test keys step state by the sha1 of the step id. */
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const stepIds = (result: { ctx: { step: { run: unknown } } }) => (result.ctx.step.run as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0]);

/** What a user ended up with, without ids and times (two users are compared). */
async function remembered(t: TestDatabase, userId: string) {
  return (await memoriesOf(t, userId)).map((m) => ({ type: m.type, summary: m.summary, status: m.status, importance: m.importance, confidence: m.confidence })).sort((a, b) => a.summary.localeCompare(b.summary));
}

const comparable = ({ status, extractor, signals, accepted, dropped }: ExtractionOutcome) => ({ status, extractor, signals, accepted, dropped });

/** The job with its steps recorded: the ids each step.run call used, in order. */
function recorded(job: Job): { job: Job; ids: string[] } {
  const ids: string[] = [];
  const record = (steps: Steps): Steps => ({
    run: (id, fn) => {
      ids.push(id);
      return steps.run(id, fn);
    },
    sendEvent: (id, payload) => steps.sendEvent(id, payload),
  });
  return { job: { ...job, run: (steps, data, deps) => job.run(record(steps), data, deps) }, ids };
}

/** Two users who said the same thing; their turn events were recorded, not delivered. */
async function twins(t: TestDatabase, label: string, texts: string[]) {
  const recordOnly = testJobs(t, { deliver: () => Promise.resolve() });
  const conversations = [crypto.randomUUID(), crypto.randomUUID()];
  const users = [await seedUser(t.db, `${label}-inngest`), await seedUser(t.db, `${label}-in-process`)];
  for (const [i, user] of users.entries()) for (const text of texts) await chatTurn(t, recordOnly, user, conversations[i]!, text);
  const events = await Promise.all(
    users.map(async (user) => {
      const rows = await t.db.select().from(outbox).where(eq(outbox.userId, user.id)).orderBy(outbox.createdAt);
      return rows.map((row) => turnCompleted.create(row.payload as never, { id: row.idempotencyKey }));
    }),
  );
  return { inngestUser: users[0]!, inProcessUser: users[1]!, inngestEvents: events[0]!, inProcessEvents: events[1]! };
}

/** Fails the `n`th database call (1-based) once; the others go through. */
function failingCall(t: TestDatabase, n: number): WithUser & { calls: () => number } {
  let calls = 0;
  const withUser: WithUser = (userId, fn) => {
    calls += 1;
    return calls === n ? Promise.reject(new Error('connection lost')) : t.withUser(userId, fn);
  };
  return Object.assign(withUser, { calls: () => calls });
}

describe('one job definition, two providers', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => t?.close());

  it('Inngest gets each job with the options it had before the registry (trigger, debounce, concurrency, singleton, retries)', () => {
    const { deps } = testJobs(t);
    const opts = Object.fromEntries(
      jobs.map((job) => {
        const { triggers, debounce, concurrency, singleton, retries } = inngestFunction(job, deps).opts;
        return [job.id, { triggers: (triggers ?? []).map((tr) => ('cron' in tr ? { cron: tr.cron } : { event: tr.event })), debounce, concurrency, singleton, retries }];
      }),
    );
    const perUser = [{ limit: 1, key: '"user-" + event.data.userId', scope: 'env' }];
    const perJob = [{ limit: 1, key: 'event.data.jobId' }];
    expect(opts).toEqual({
      'extract-memories': { triggers: [{ event: 'memory/turn.completed' }], debounce: { key: 'event.data.conversationId', period: '2s', timeout: '2m' }, concurrency: perUser, singleton: undefined, retries: 4 },
      'reembed-memories': { triggers: [{ event: 'memory/reembed.requested' }], debounce: undefined, concurrency: perUser, singleton: undefined, retries: 4 },
      'sweep-outbox': { triggers: [{ cron: '* * * * *' }], debounce: undefined, concurrency: undefined, singleton: { mode: 'skip' }, retries: 1 },
      'decay-memories': { triggers: [{ cron: 'TZ=UTC 0 3 * * *' }], debounce: undefined, concurrency: undefined, singleton: { mode: 'skip' }, retries: 4 },
      'retention-purge': { triggers: [{ cron: 'TZ=UTC 30 3 * * *' }], debounce: undefined, concurrency: undefined, singleton: { mode: 'skip' }, retries: 4 },
      'consolidate-memories': { triggers: [{ cron: 'TZ=UTC 0 4 * * 0' }], debounce: undefined, concurrency: undefined, singleton: { mode: 'skip' }, retries: 4 },
      'import-memories': { triggers: [{ event: 'memory/import.requested' }], debounce: undefined, concurrency: perJob, singleton: undefined, retries: 4 },
      'erase-memories': { triggers: [{ event: 'memory/erasure.requested' }], debounce: undefined, concurrency: perJob, singleton: undefined, retries: 10 },
      'send-account-mail': { triggers: [{ event: 'account/mail.requested' }], debounce: undefined, concurrency: undefined, singleton: undefined, retries: 6 },
    });
  });

  it('extract-memories: one turn through each provider runs the same steps to the same outcome and memories', async () => {
    const { inngestUser, inProcessUser, inngestEvents, inProcessEvents } = await twins(t, 'same', ["I'm vegetarian and I live in Berlin."]);
    const { deps } = testJobs(t);

    const onInngest = await new InngestTestEngine({ function: inngestFunction(extractMemoriesJob, deps), events: [inngestEvents[0]!] }).execute();
    expect(onInngest.error).toBeUndefined();

    const { job, ids } = recorded(extractMemoriesJob);
    const inProcess = (await createInProcessProvider([job], deps, { timeScale: 0 }).run(inProcessEvents[0]!)) as ExtractionOutcome;

    expect(ids).toEqual(stepIds(onInngest));
    expect(ids).toEqual(['load-window', 'extract', 'embed', 'apply']);
    expect(comparable(inProcess)).toEqual(comparable(onInngest.result as ExtractionOutcome));
    const memories = await remembered(t, inngestUser.id);
    expect(memories.length).toBeGreaterThanOrEqual(2);
    expect(await remembered(t, inProcessUser.id)).toEqual(memories);
  });

  it('extract-memories: a failing step is retried without re-running the steps before it, on both, to the same memories', async () => {
    const { inngestUser, inProcessUser, inngestEvents, inProcessEvents } = await twins(t, 'retry', ['I work as a nurse and my sister Anna lives in Lisbon.']);
    const { deps } = testJobs(t);
    // Database call 2 is the apply step's (call 1 loaded the window).
    const flakyDeps = (withUser: WithUser): JobDeps => ({ ...deps, extraction: { ...deps.extraction, withUser } });

    // Inngest: the attempt fails in apply; Inngest's retry replays the memoised steps and runs apply again.
    const inngestFlaky = failingCall(t, 2);
    const fn = inngestFunction(extractMemoriesJob, flakyDeps(inngestFlaky));
    const failed = await new InngestTestEngine({ function: fn, events: [inngestEvents[0]!] }).execute();
    expect(failed.error).toMatchObject({ message: 'connection lost' });
    const state = failed.state as Record<string, Promise<unknown>>;
    const memoised = await Promise.all(
      ['load-window', 'extract', 'embed'].map(async (id) => {
        const value = await state[sha1(id)];
        return { id, handler: () => value };
      }),
    );
    const retried = await new InngestTestEngine({ function: fn, events: [inngestEvents[0]!] }).execute({ steps: memoised });
    expect(retried.error).toBeUndefined();
    expect(inngestFlaky.calls()).toBe(3);

    // In-process: the provider retries the apply step itself (the job's retries) with the same memo.
    const inProcessFlaky = failingCall(t, 2);
    const { job, ids } = recorded(extractMemoriesJob);
    await createInProcessProvider([job], flakyDeps(inProcessFlaky), { timeScale: 0 }).run(inProcessEvents[0]!);
    expect(ids).toEqual(['load-window', 'extract', 'embed', 'apply']);
    // load-window once, apply twice: the same three database calls as on Inngest.
    expect(inProcessFlaky.calls()).toBe(3);

    const memories = await remembered(t, inngestUser.id);
    expect(memories.length).toBeGreaterThanOrEqual(2);
    expect(await remembered(t, inProcessUser.id)).toEqual(memories);
  });

  it('extract-memories in-process: two turns inside the debounce window make one run, which reads both', async () => {
    const { inProcessUser, inProcessEvents } = await twins(t, 'debounce', ['I live in Madrid.', 'I have two cats.']);
    const { deps } = testJobs(t);
    // The definition's 10 s window, scaled to 50 ms.
    const provider = createInProcessProvider([extractMemoriesJob], deps, { timeScale: 0.005 });
    const [first, second] = await Promise.all(inProcessEvents.map((event) => provider.run(event)));
    // One run answered both deliveries.
    expect(first).toBe(second);
    const summaries = (await remembered(t, inProcessUser.id)).map((m) => m.summary.toLowerCase());
    expect(summaries.some((s) => s.includes('madrid'))).toBe(true);
    expect(summaries.some((s) => s.includes('cat'))).toBe(true);
  });
});
