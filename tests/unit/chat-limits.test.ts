import { describe, expect, it } from 'vitest';
import { APICallError, RetryError } from 'ai';
import { describeProviderError } from '@/server/chat/provider-errors';
import { createRateLimiter } from '@/server/chat/rate-limit';
import { AppError } from '@/server/errors';

describe('rate limiter', () => {
  it('allows the quota per window per user, then answers 429 with Retry-After, then recovers', () => {
    let now = 0;
    const limiter = createRateLimiter({ windowMs: 10_000, maxRequests: 2, now: () => now });
    limiter.check('a');
    limiter.check('a');
    limiter.check('b');
    let error: unknown;
    try {
      limiter.check('a');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 10 });
    now = 10_001;
    expect(() => limiter.check('a')).not.toThrow();
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
