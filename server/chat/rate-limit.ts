import { AppError } from '../errors';

/**
 * A sliding-window limit per key, in process memory. Enough for one app instance; several
 * instances each enforce the limit on their own share of traffic.
 */
export function createRateLimiter(options: { windowMs: number; maxRequests: number; now?: () => number }) {
  const hits = new Map<string, number[]>();
  const now = options.now ?? Date.now;
  return {
    /** Records one request for `key`; throws a 429 AppError with Retry-After when over. */
    check(key: string): void {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((at) => t - at < options.windowMs);
      if (recent.length >= options.maxRequests) {
        const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + options.windowMs - t) / 1000));
        hits.set(key, recent);
        throw new AppError('rate_limited:chat', `You're sending messages too fast. Try again in ${retryAfterSeconds} s.`, {
          retryAfterSeconds,
        });
      }
      recent.push(t);
      hits.set(key, recent);
    },
  };
}
