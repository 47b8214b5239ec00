import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/server/config';
import { paceBeforeTransaction } from '@/server/lifecycle/pacing';
import { createForegroundTracker } from '@/db/foreground';

/** Resolves to whether `promise` settled within `ms` of fake time. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('job pacing on the embedded database', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  const { foregroundDuty, foregroundActiveMs, foregroundMaxRestMs } = config.lifecycle.pacing;
  const restAfter = (workedMs: number) => Math.min(foregroundMaxRestMs, (workedMs * (1 - foregroundDuty)) / foregroundDuty);

  it('while someone is active, rests so the job holds only its duty share of the database', async () => {
    const deps = { foreground: { lastActiveAt: () => performance.now() } };
    const first = paceBeforeTransaction(deps); // the first call only yields
    await vi.advanceTimersByTimeAsync(1);
    await first;
    vi.advanceTimersByTime(10); // the job works for 10 ms
    const next = paceBeforeTransaction(deps);
    // It worked 10 ms (11 with the first yield's tick) and rests worked·(1−duty)/duty.
    expect(await settlesWithin(next, restAfter(10) - 1)).toBe(false);
    expect(await settlesWithin(next, restAfter(11) - restAfter(10) + 2)).toBe(true);
  });

  it('a long chunk never makes the job rest longer than the cap', async () => {
    const deps = { foreground: { lastActiveAt: () => performance.now() } };
    const first = paceBeforeTransaction(deps);
    await vi.advanceTimersByTimeAsync(1);
    await first;
    vi.advanceTimersByTime(5_000);
    expect(await settlesWithin(paceBeforeTransaction(deps), foregroundMaxRestMs + 1)).toBe(true);
  });

  it('with nobody active lately, or on Postgres (no tracker), it only yields to the event loop', async () => {
    for (const deps of [{ foreground: { lastActiveAt: () => performance.now() - foregroundActiveMs - 1 } }, { foreground: null }, {}]) {
      const first = paceBeforeTransaction(deps);
      await vi.advanceTimersByTimeAsync(1);
      await first;
      vi.advanceTimersByTime(10);
      expect(await settlesWithin(paceBeforeTransaction(deps), 1)).toBe(true);
    }
  });
});

describe('foreground activity', () => {
  it('is "now" while a tracked transaction runs and its end time afterwards; untracked work is invisible', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const tracker = createForegroundTracker();
      expect(tracker.lastActiveAt()).toBe(Number.NEGATIVE_INFINITY);
      let during = 0;
      const withUser = tracker.track(async (_userId, fn) => fn(null as never));
      await withUser('u1', () => {
        vi.advanceTimersByTime(50);
        during = tracker.lastActiveAt();
        return Promise.resolve();
      });
      expect(during).toBe(performance.now());
      const ended = tracker.lastActiveAt();
      vi.advanceTimersByTime(100);
      expect(tracker.lastActiveAt()).toBe(ended);
      expect(performance.now() - tracker.lastActiveAt()).toBe(100);
    } finally {
      vi.useRealTimers();
    }
  });
});
