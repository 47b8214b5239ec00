import { AppError } from '../errors';
import { consumeOrWait, type Limiter } from '../ratelimit/limiter';

export interface ChatRateLimit {
  /** Records one turn for `userId`; throws a 429 AppError with Retry-After when over. */
  check(userId: string): Promise<void>;
}

/**
 * The per-user chat limit over a shared limiter (the rate_limits table in production), so it
 * holds across app instances rather than per process.
 */
export function createChatRateLimit(limiter: Limiter): ChatRateLimit {
  return {
    async check(userId) {
      const wait = await consumeOrWait(limiter, userId);
      if (wait === null) return;
      throw new AppError('rate_limited:chat', `You're sending messages too fast. Try again in ${wait} s.`, { retryAfterSeconds: wait });
    },
  };
}
