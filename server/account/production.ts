/** The production AccountDeps: the app database, the link key from the auth secret, the app's limiters. */
import 'server-only';
import { withSystem } from '../database';
import { resolveAuthSecret } from '../auth/secret';
import { appLimiters } from '../ratelimit/limiters';
import type { AccountDeps } from './account-deps';
import { accountTokenKey } from './account-tokens';
import { dispatchAfterResponse } from './dispatch-mail';

export function accountDeps(): AccountDeps {
  const limiters = appLimiters();
  return {
    withSystem,
    tokenKey: accountTokenKey(resolveAuthSecret()),
    dispatch: dispatchAfterResponse,
    limits: { resetAccount: limiters.passwordResetAccount, resetAddress: limiters.passwordResetAddress, accountChanges: limiters.accountChanges },
  };
}
