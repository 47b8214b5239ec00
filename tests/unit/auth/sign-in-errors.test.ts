import { describe, expect, it } from 'vitest';
import { retryAfterOfCode, SignInThrottled, withSignInRetryAfter } from '@/server/auth/sign-in-errors';
import { tooManyAttempts } from '@/server/auth/throttle-message';

describe('throttle messages and codes', () => {
  it.each([
    [900, 'Too many sign-in attempts. Try again in 15 minutes.'],
    [61, 'Too many sign-in attempts. Try again in 2 minutes.'],
    [60, 'Too many sign-in attempts. Try again in 1 minute.'],
    [5, 'Too many sign-in attempts. Try again in 1 minute.'],
  ])('%i s reads "%s" and keeps the exact seconds', (seconds, message) => {
    const error = tooManyAttempts('sign-in', seconds);
    expect(error).toMatchObject({ message, code: 'rate_limited:auth', status: 429, retryAfterSeconds: seconds });
  });

  it('carries the wait through Auth.js as the error code', () => {
    const error = new SignInThrottled(tooManyAttempts('sign-in', 840));
    expect(error.code).toBe('rate_limited:840');
    expect(error.userMessage).toBe('Too many sign-in attempts. Try again in 14 minutes.');
    expect(retryAfterOfCode(error.code)).toBe(840);
    expect(retryAfterOfCode('credentials')).toBeNull();
    expect(retryAfterOfCode('rate_limited:-3')).toBeNull();
    expect(retryAfterOfCode(null)).toBeNull();
  });

  it('adds Retry-After to the throttled redirect only, keeping its cookies', async () => {
    const throttled = new Response(null, {
      status: 302,
      headers: [
        ['location', 'http://localhost/sign-in?error=CredentialsSignin&code=rate_limited%3A840'],
        ['set-cookie', 'a=1; Path=/'],
        ['set-cookie', 'b=2; Path=/'],
      ],
    });
    const answered = withSignInRetryAfter(throttled);
    expect(answered.status).toBe(302);
    expect(answered.headers.get('retry-after')).toBe('840');
    expect(answered.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);

    const wrongPassword = new Response(null, { status: 302, headers: { location: '/sign-in?error=CredentialsSignin&code=credentials' } });
    expect(withSignInRetryAfter(wrongPassword).headers.get('retry-after')).toBeNull();
    const signedIn = new Response(null, { status: 302, headers: { location: '/chat?code=rate_limited:9' } });
    expect(withSignInRetryAfter(signedIn).headers.get('retry-after')).toBeNull();
    await Promise.resolve();
  });
});
