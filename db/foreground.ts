/**
 * Foreground database work: what a person is waiting for (a chat turn, a page). On the embedded
 * database every transaction runs on one backend, one at a time, so background jobs pace
 * themselves by this (server/lifecycle/pacing.ts) instead of queueing in front of a person.
 */
import type { WithUser } from './boundary';

export interface ForegroundActivity {
  /** performance.now() of the latest foreground work: now while some is in flight. */
  lastActiveAt(): number;
}

export interface ForegroundTracker extends ForegroundActivity {
  /** withUser that counts as foreground. */
  track(withUser: WithUser): WithUser;
}

export function createForegroundTracker(): ForegroundTracker {
  let inFlight = 0;
  let last = Number.NEGATIVE_INFINITY;
  return {
    lastActiveAt: () => (inFlight > 0 ? performance.now() : last),
    track:
      (withUser) =>
      async (userId, fn) => {
        inFlight += 1;
        try {
          return await withUser(userId, fn);
        } finally {
          inFlight -= 1;
          last = performance.now();
        }
      },
  };
}
