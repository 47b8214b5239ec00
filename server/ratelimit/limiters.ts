/**
 * The app's limiters, one per kind of key, all over the same rate_limits table. Numbers from
 * server/config.ts. The key prefixes are part of the stored keys: renaming one resets that limit.
 */
import { authAdapterDb } from '../database';
import type { Database } from '../../db/types';
import { config } from '../config';
import { createStoreLimiter, type Limiter } from './limiter';

export interface AppLimiters {
  signInAccount: Limiter;
  signInAddress: Limiter;
  signInDevice: Limiter;
  signUpAccount: Limiter;
  signUpAddress: Limiter;
  passwordResetAccount: Limiter;
  passwordResetAddress: Limiter;
  accountChanges: Limiter;
  chat: Limiter;
}

export function createAppLimiters(db: Database, options: { purge: boolean }): AppLimiters {
  const { signIn, signUp, passwordReset, accountChanges } = config.auth.throttle;
  return {
    signInAccount: createStoreLimiter(db, 'signin:account', signIn.account),
    signInAddress: createStoreLimiter(db, 'signin:address', signIn.address),
    signInDevice: createStoreLimiter(db, 'signin:device', signIn.device),
    signUpAccount: createStoreLimiter(db, 'signup:account', signUp.account),
    signUpAddress: createStoreLimiter(db, 'signup:address', signUp.address),
    passwordResetAccount: createStoreLimiter(db, 'reset:account', passwordReset.account),
    passwordResetAddress: createStoreLimiter(db, 'reset:address', passwordReset.address),
    accountChanges: createStoreLimiter(db, 'account:user', accountChanges),
    // The one limiter that purges: its sweep covers every key in the table.
    chat: createStoreLimiter(db, 'chat', config.chat.rateLimit, { purge: options.purge }),
  };
}

const holder = globalThis as unknown as { __mindbaseLimiters?: AppLimiters };

/**
 * The process's limiters, on the system-role handle (the counters exist before anyone is signed
 * in). Cached on globalThis so dev hot reload does not start a second purge timer.
 */
export function appLimiters(): AppLimiters {
  holder.__mindbaseLimiters ??= createAppLimiters(authAdapterDb(), { purge: true });
  return holder.__mindbaseLimiters;
}
