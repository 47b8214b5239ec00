/**
 * The in-process provider honours a definition's debounce, concurrency, singleton and retries
 * (server/jobs/in-process-provider.ts), with small synthetic jobs and no database.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineEvent } from '@/server/events/define-event';
import { defineJob, type Job } from '@/server/jobs/define-job';
import type { JobDeps } from '@/server/jobs/deps';
import { createInProcessProvider, retryDelayMs } from '@/server/jobs/in-process-provider';

const pinged = defineEvent('test/pinged', z.object({ key: z.string(), n: z.number() }));
const ping = (key: string, n: number) => pinged.create({ key, n });
// Synthetic handlers read nothing from their dependencies.
const NO_DEPS = {} as JobDeps;

describe('in-process provider', () => {
  it('debounce: a burst with one key is one run, with the last event, answered to every sender', async () => {
    const runs: { key: string; n: number }[] = [];
    const job = defineJob({
      id: 'debounced',
      trigger: { event: pinged },
      debounce: { key: 'key', period: '10s', timeout: '2m' },
      retries: 0,
      handler: ({ data }) => {
        runs.push(data);
        return Promise.resolve({ ran: data.n });
      },
    });
    // 10 s → 20 ms.
    const provider = createInProcessProvider([job], NO_DEPS, { timeScale: 0.002 });
    const a = [provider.run(ping('a', 1)), provider.run(ping('a', 2)), provider.run(ping('b', 1)), provider.run(ping('a', 3))];
    const results = await Promise.all(a);
    expect(runs.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: 'a', n: 3 },
      { key: 'b', n: 1 },
    ]);
    expect(results).toEqual([{ ran: 3 }, { ran: 3 }, { ran: 1 }, { ran: 3 }]);
    // A later event opens a new window.
    await expect(provider.run(ping('a', 4))).resolves.toEqual({ ran: 4 });
  });

  it('debounce: events that keep coming still run by the timeout after the first', async () => {
    const job = defineJob({
      id: 'busy',
      trigger: { event: pinged },
      debounce: { key: 'key', period: '10s', timeout: '30s' },
      retries: 0,
      handler: ({ data }) => Promise.resolve(data.n),
    });
    // 10 s → 50 ms, 30 s → 150 ms; an event every 30 ms would postpone a plain debounce forever.
    const provider = createInProcessProvider([job], NO_DEPS, { timeScale: 0.005 });
    const started = performance.now();
    let settled = false;
    const first = provider.run(ping('k', 0)).finally(() => {
      settled = true;
    });
    for (let n = 1; !settled && n <= 40; n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (!settled) void provider.run(ping('k', n)).catch(() => undefined);
    }
    expect(settled).toBe(true);
    expect(typeof (await first)).toBe('number');
    expect(performance.now() - started).toBeLessThan(600);
    await provider.idle();
  });

  it('retries: a failing step is tried `retries` more times after a backoff; the steps before it run once', async () => {
    let loads = 0;
    let saves = 0;
    const job = defineJob({
      id: 'flaky',
      trigger: { event: pinged },
      retries: 3,
      handler: async ({ data, steps }) => {
        await steps.run('load', () => Promise.resolve((loads += 1)));
        return steps.run('save', () => {
          saves += 1;
          return saves <= data.n ? Promise.reject(new Error(`save ${saves} failed`)) : Promise.resolve('saved');
        });
      },
    });
    const provider = createInProcessProvider([job], NO_DEPS, { timeScale: 0 });
    await expect(provider.run(ping('x', 3))).resolves.toBe('saved');
    expect({ loads, saves }).toEqual({ loads: 1, saves: 4 });

    loads = 0;
    saves = 0;
    await expect(provider.run(ping('x', 10))).rejects.toThrow('save 4 failed');
    // 1 try + 3 retries of the step; the step's last error is final (no run-level retry on top).
    expect({ loads, saves }).toEqual({ loads: 1, saves: 4 });
  });

  it('retries: a run that fails outside a step runs again with its completed steps memoised', async () => {
    let loads = 0;
    let attempts = 0;
    const job = defineJob({
      id: 'body-fails',
      trigger: { event: pinged },
      retries: 2,
      handler: async ({ steps }) => {
        const loaded = await steps.run('load', () => Promise.resolve((loads += 1)));
        attempts += 1;
        if (attempts < 3) throw new Error('the body failed');
        return loaded;
      },
    });
    const provider = createInProcessProvider([job], NO_DEPS, { timeScale: 0 });
    await expect(provider.run(ping('x', 0))).resolves.toBe(1);
    expect({ loads, attempts }).toEqual({ loads: 1, attempts: 3 });
  });

  it('backs off from config.jobs.retryBackoff: doubling, capped', () => {
    const backoff = { firstMs: 10_000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, backoff))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('concurrency: runs in one lane queue, other lanes and shared lanes across jobs behave as named', async () => {
    const log: string[] = [];
    const slow = (name: string) => async ({ data }: { data: { key: string; n: number } }) => {
      log.push(`${name}:${data.key}:${data.n}:start`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push(`${name}:${data.key}:${data.n}:end`);
    };
    const jobs: Job[] = [
      defineJob({ id: 'one', trigger: { event: pinged }, concurrency: { key: 'key', shared: 'lane' }, retries: 0, handler: slow('one') }),
      defineJob({ id: 'two', trigger: { event: pinged }, concurrency: { key: 'key', shared: 'lane' }, retries: 0, handler: slow('two') }),
    ];
    const provider = createInProcessProvider(jobs, NO_DEPS, { timeScale: 0 });
    await Promise.all([provider.run(ping('a', 1)), provider.run(ping('b', 1))]);
    // Key a: job one, then job two (one shared lane); key b ran beside a.
    const a = log.filter((l) => l.includes(':a:'));
    expect(a).toEqual(['one:a:1:start', 'one:a:1:end', 'two:a:1:start', 'two:a:1:end']);
    expect(log.indexOf('one:b:1:start')).toBeLessThan(log.indexOf('one:a:1:end'));
  });

  it('singleton: a run due while one is going is skipped, not queued', async () => {
    let runs = 0;
    const job = defineJob({
      id: 'nightly',
      trigger: { cron: '0 3 * * *', schema: z.object({}) },
      singleton: 'skip',
      retries: 0,
      handler: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 'done';
      },
    });
    const provider = createInProcessProvider([job], NO_DEPS, { timeScale: 0 });
    const [first, second] = await Promise.all([provider.trigger('nightly'), provider.trigger('nightly')]);
    expect(first).toBe('done');
    expect(second).toEqual({ skipped: 'a run was still going' });
    expect(runs).toBe(1);
    await expect(provider.trigger('nightly')).resolves.toBe('done');
  });

  it('refuses data its contract does not accept, and events no job handles, without retrying', async () => {
    let runs = 0;
    const job = defineJob({ id: 'strict', trigger: { event: pinged }, retries: 5, handler: () => Promise.resolve((runs += 1)) });
    const provider = createInProcessProvider([job], NO_DEPS, { timeScale: 0 });
    await expect(provider.run({ name: 'test/pinged', data: { key: 1 } })).rejects.toThrow();
    await expect(provider.run({ name: 'test/unknown', data: {} })).rejects.toThrow('No background job handles test/unknown');
    expect(runs).toBe(0);
  });
});
