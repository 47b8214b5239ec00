/**
 * Rate limits kept in the app's own Postgres (table rate_limits), so a limit holds across every
 * app instance. rate-limiter-flexible does the counting: its Drizzle store runs one atomic
 * upsert per attempt (`insert … on conflict do update`), on any Drizzle handle — PGlite and
 * node-postgres alike — so parallel attempts can never all slip past a check.
 */
import { createHash } from 'node:crypto';
import { RateLimiterDrizzle, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimits } from '../../db/schema';
import type { Database } from '../../db/types';

/** A limit: `points` per `durationSeconds` window; past it the key is refused for `blockSeconds`. */
export interface LimitSpec {
  points: number;
  durationSeconds: number;
  /** 0: refused only until the window ends. A block is set once and is not extended by attempts made during it. */
  blockSeconds: number;
}

export type Limiter = RateLimiterAbstract;

/**
 * A limiter over rate_limits. `purge`: this instance deletes rows that expired over an hour ago,
 * every 5 minutes (rate-limiter-flexible's clearExpiredByTimeout; it covers the whole table, so
 * one limiter per process is enough). Expired rows are ignored by every read before that.
 */
export function createStoreLimiter(db: Database, keyPrefix: string, spec: LimitSpec, options: { purge?: boolean } = {}): Limiter {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix,
    points: spec.points,
    duration: spec.durationSeconds,
    blockDuration: spec.blockSeconds,
    clearExpiredByTimeout: options.purge ?? false,
  });
}

/**
 * Keys are hashed: the table then holds no e-mail addresses or IP addresses (a deleted account's
 * e-mail does not linger in it), and any length of input makes a short primary key.
 */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

/**
 * Spends `points` for `key`. Returns null when allowed, or the whole seconds to wait when refused.
 * A store failure (database down) is thrown, not mistaken for a refusal.
 */
export async function consumeOrWait(limiter: Limiter, key: string, points = 1): Promise<number | null> {
  try {
    await limiter.consume(key, points);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}
