/**
 * One cron string per job, read by both providers: the in-process schedule (croner) follows
 * config.lifecycle.* — changing the config moves it, as it moves the Inngest cron triggers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '@/server/config';
import { nextCronRun, parseCron } from '@/server/jobs/cron';
import type { JobDeps } from '@/server/jobs/deps';

type Crons = { decay?: string; retention?: string; consolidation?: string };

/** The registry, the in-process provider and the Inngest adapter, loaded over a config with these crons. */
async function loadWith(crons: Crons = {}) {
  vi.resetModules();
  vi.doMock('@/server/config', async (importOriginal) => {
    const original = await importOriginal<{ config: Config }>();
    const { lifecycle } = original.config;
    return {
      ...original,
      config: {
        ...original.config,
        lifecycle: {
          ...lifecycle,
          decayCron: crons.decay ?? lifecycle.decayCron,
          retentionCron: crons.retention ?? lifecycle.retentionCron,
          consolidation: { ...lifecycle.consolidation, cron: crons.consolidation ?? lifecycle.consolidation.cron },
        },
      },
    };
  });
  const { jobs } = await import('@/server/jobs/registry');
  const { createInProcessProvider } = await import('@/server/jobs/in-process-provider');
  const { inngestFunction } = await import('@/inngest/function');
  const { config } = await import('@/server/config');
  const inngestCrons = Object.fromEntries(
    jobs.map((job) => [job.id, (inngestFunction(job, NO_DEPS).opts.triggers ?? []).map((trigger) => ('cron' in trigger ? trigger.cron : trigger.event))]),
  );
  return { jobs, createInProcessProvider, config, inngestCrons };
}

// The schedules are read, never run, here.
const NO_DEPS = {} as JobDeps;
const SATURDAY_2AM = new Date('2025-03-01T02:00:00Z');

afterEach(() => {
  vi.doUnmock('@/server/config');
  vi.useRealTimers();
});

describe('cron strings', () => {
  it('reads Inngest\'s "TZ=zone pattern" form', () => {
    expect(parseCron('TZ=UTC 0 3 * * *')).toEqual({ timezone: 'UTC', pattern: '0 3 * * *' });
    expect(parseCron('* * * * *')).toEqual({ pattern: '* * * * *' });
    // Today's slot, or tomorrow's once it has passed (the old hand-written timer's cases).
    expect(nextCronRun('TZ=UTC 30 3 * * *', new Date('2025-03-01T02:00:00Z'))).toEqual(new Date('2025-03-01T03:30:00Z'));
    expect(nextCronRun('TZ=UTC 30 3 * * *', new Date('2025-03-01T03:30:00Z'))).toEqual(new Date('2025-03-02T03:30:00Z'));
    expect(nextCronRun('TZ=Asia/Shanghai 0 9 * * *', new Date('2025-03-01T02:00:00Z'))).toEqual(new Date('2025-03-02T01:00:00Z'));
  });

  it('the shipped config: in-process runs at the Inngest crons (decay 03:00, retention 03:30, consolidation Sunday 04:00 UTC)', async () => {
    const { jobs, createInProcessProvider, config, inngestCrons } = await loadWith();
    const provider = createInProcessProvider(jobs, NO_DEPS);
    expect(provider.nextRuns(SATURDAY_2AM)).toEqual({
      'sweep-outbox': new Date('2025-03-01T02:01:00Z'),
      'decay-memories': new Date('2025-03-01T03:00:00Z'),
      'retention-purge': new Date('2025-03-01T03:30:00Z'),
      'consolidate-memories': new Date('2025-03-02T04:00:00Z'),
    });
    expect(inngestCrons).toMatchObject({
      'sweep-outbox': [config.jobs.sweepCron],
      'decay-memories': [config.lifecycle.decayCron],
      'retention-purge': [config.lifecycle.retentionCron],
      'consolidate-memories': [config.lifecycle.consolidation.cron],
    });
  });

  it('changing config.lifecycle cron strings moves the in-process schedule and the Inngest triggers alike', async () => {
    const crons = { decay: 'TZ=UTC 15 5 * * *', retention: 'TZ=Europe/Berlin 0 1 * * *', consolidation: 'TZ=UTC 0 6 * * 1' };
    const { jobs, createInProcessProvider, inngestCrons } = await loadWith(crons);
    expect(createInProcessProvider(jobs, NO_DEPS).nextRuns(SATURDAY_2AM)).toMatchObject({
      'decay-memories': new Date('2025-03-01T05:15:00Z'),
      // 01:00 in Berlin (UTC+1 in March) is midnight UTC.
      'retention-purge': new Date('2025-03-02T00:00:00Z'),
      'consolidate-memories': new Date('2025-03-03T06:00:00Z'),
    });
    expect(inngestCrons).toMatchObject({ 'decay-memories': [crons.decay], 'retention-purge': [crons.retention], 'consolidate-memories': [crons.consolidation] });
  });

  it('the started schedule fires each cron job at its configured time, through the provider', async () => {
    const { jobs, createInProcessProvider } = await loadWith({ decay: 'TZ=UTC 15 5 * * *' });
    vi.useFakeTimers({ now: new Date('2025-03-01T05:00:00Z') });
    const fired: { id: string; at: string }[] = [];
    // The real definitions (trigger, singleton, retries), with a recorder for a body.
    const recorded = jobs.map((job) => ({
      ...job,
      run: () => {
        fired.push({ id: job.id, at: new Date().toISOString().slice(11, 16) });
        return Promise.resolve(null);
      },
    }));
    const stop = createInProcessProvider(recorded, NO_DEPS).schedule();
    await vi.advanceTimersByTimeAsync(16 * 60_000);
    stop();
    expect(fired.filter((f) => f.id !== 'sweep-outbox')).toEqual([{ id: 'decay-memories', at: '05:15' }]);
    expect(fired.filter((f) => f.id === 'sweep-outbox')).toHaveLength(16);
  });
});
