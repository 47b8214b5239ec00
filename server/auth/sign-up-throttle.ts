/**
 * Sign-up limits (issue 14, item 5), per e-mail and per client address. Counted once the input
 * is valid: each such attempt either says whether the e-mail is taken or costs an argon2id hash
 * and a new account, which are what the limits bound. Nothing is refunded. "Forgot password?"
 * (issue 18) is limited the same way: each request may mail the account.
 */
import { consumeOrWait, limitKey, type Limiter } from '../ratelimit/limiter';
import { tooManyAttempts } from './throttle-message';

export interface SignUpAttempt {
  email: string;
  address: string;
}

export interface SignUpThrottle {
  /** Spends one attempt; throws a `rate_limited:auth` AppError (with retryAfterSeconds) when over. */
  begin(attempt: SignUpAttempt): Promise<void>;
}

/** An e-mail + address limit pair: the address is counted first, so one client cannot spread over e-mails. */
export function createEmailAndAddressThrottle(action: 'sign-up' | 'password reset', limiters: { account: Limiter; address: Limiter }): SignUpThrottle {
  return {
    async begin(attempt) {
      const wait = (await consumeOrWait(limiters.address, limitKey(attempt.address))) ?? (await consumeOrWait(limiters.account, limitKey(attempt.email)));
      if (wait !== null) throw tooManyAttempts(action, wait);
    },
  };
}

export function createSignUpThrottle(limiters: { account: Limiter; address: Limiter }): SignUpThrottle {
  return createEmailAndAddressThrottle('sign-up', limiters);
}
