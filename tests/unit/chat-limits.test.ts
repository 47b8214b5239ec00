import { describe, expect, it, vi } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { APICallError, RetryError } from 'ai';
import { describeProviderError } from '@/server/chat/provider-errors';
import { createChatRateLimit } from '@/server/chat/rate-limit';
import { AppError } from '@/server/errors';

describe('chat rate limit', () => {
  it('allows the quota per window per user, then answers 429 with Retry-After, then recovers', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      // The same limiter logic as production, over rate-limiter-flexible's memory store.
      const limit = createChatRateLimit(new RateLimiterMemory({ points: 2, duration: 10 }));
      await limit.check('a');
      await limit.check('a');
      await limit.check('b');
      const error = await limit.check('a').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 10, message: "You're sending messages too fast. Try again in 10 s." });
      vi.setSystemTime(10_001);
      await expect(limit.check('a')).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

const apiError = (statusCode: number) =>
  new APICallError({ message: 'x', url: 'u', requestBodyValues: {}, statusCode, responseBody: 'provider secret', isRetryable: statusCode >= 500 });

describe('provider errors', () => {
  it.each([
    [apiError(401), 'provider_auth'],
    [apiError(429), 'provider_rate_limited'],
    [apiError(503), 'provider_unavailable'],
    [apiError(404), 'provider_model_missing'],
    [new RetryError({ message: 'retries', reason: 'maxRetriesExceeded', errors: [apiError(502)] }), 'provider_unavailable'],
    [Object.assign(new Error('The operation timed out.'), { name: 'TimeoutError' }), 'provider_timeout'],
    [new TypeError('fetch failed'), 'provider_unreachable'],
  ])('%s → %s, without leaking the provider response', (error, code) => {
    const described = describeProviderError(error);
    expect(described.code).toBe(code);
    expect(described.message).not.toContain('provider secret');
  });
});
