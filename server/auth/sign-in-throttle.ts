/**
 * Sign-in limits (issue 14, item 5): consecutive failures per account, failures per client
 * address, and for a browser known to the account (known-device.ts) its own count instead.
 *
 * An attempt is paid for before the password is checked — one atomic upsert per limit — and
 * refunded on success. Checking first and counting afterwards would let 40 parallel guesses all
 * pass the check before the first failure is counted.
 *
 * Lockout by strangers: the account limit counts everyone's failures, so someone who knows an
 * e-mail can keep it blocked from new browsers, 15 minutes per 10 requests. They cannot block a
 * browser the owner has signed in with before: it is counted only by its own failures. A block
 * is bounded (config.auth.throttle) and is not extended by attempts made during it.
 */
import { consumeOrWait, limitKey, type Limiter } from '../ratelimit/limiter';
import type { KnownDevice } from './known-device';
import { tooManyAttempts } from './throttle-message';

export interface SignInAttempt {
  /** Normalised (credentials-schema.ts). */
  email: string;
  /** client-address.ts */
  address: string;
  /** Set when the request carries a genuine known-device cookie for this e-mail. */
  device: KnownDevice | null;
}

export interface SignInLimiters {
  account: Limiter;
  address: Limiter;
  device: Limiter;
}

export interface SignInThrottle {
  /** Spends one attempt; throws a `rate_limited:auth` AppError (with retryAfterSeconds) when over. */
  begin(attempt: SignInAttempt): Promise<void>;
  /** The password was right: the consecutive-failure count starts again. */
  succeeded(attempt: SignInAttempt): Promise<void>;
}

export function createSignInThrottle(limiters: SignInLimiters): SignInThrottle {
  const deviceKey = (a: SignInAttempt, device: KnownDevice) => limitKey(a.email, device.deviceId);
  return {
    async begin(attempt) {
      const wait = attempt.device
        ? await consumeOrWait(limiters.device, deviceKey(attempt, attempt.device))
        : ((await consumeOrWait(limiters.address, limitKey(attempt.address))) ?? (await consumeOrWait(limiters.account, limitKey(attempt.email))));
      if (wait !== null) throw tooManyAttempts('sign-in', wait);
    },
    async succeeded(attempt) {
      if (attempt.device) {
        await limiters.device.delete(deviceKey(attempt, attempt.device));
        return;
      }
      // The address limit counts failures only: give back the point this attempt spent.
      await Promise.all([limiters.account.delete(limitKey(attempt.email)), limiters.address.reward(limitKey(attempt.address), 1)]);
    },
  };
}
