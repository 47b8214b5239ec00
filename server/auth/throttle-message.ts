import { AppError } from '../errors';

/** The refusal people see, in whole minutes (rounded up), with the exact seconds for Retry-After. */
export function tooManyAttempts(action: 'sign-in' | 'sign-up' | 'password reset' | 'account change', retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError('rate_limited:auth', `Too many ${action} attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
    retryAfterSeconds,
  });
}
