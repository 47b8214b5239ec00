import { expect } from 'vitest';
import type { SignUpThrottle } from '@/server/auth/sign-up-throttle';
import { AppError } from '@/server/errors';

/** For tests about accounts rather than limits: sign-up with no throttle. */
export const unthrottledSignUp: { throttle: SignUpThrottle; address: string } = {
  throttle: { begin: () => Promise.resolve() },
  address: '192.0.2.1',
};

/** The AppError `promise` rejects with (failing the test if it resolves or throws anything else). */
export async function expectAppError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
