import { eq } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { passwordCredentials } from '../../db/schema';
import { verifyPassword } from '../auth/password';
import { tooManyAttempts } from '../auth/throttle-message';
import { AppError } from '../errors';
import { consumeOrWait, limitKey } from '../ratelimit/limiter';
import type { AccountDeps } from './account-deps';

/** Spends one of the user's sensitive-change attempts (config.auth.throttle.accountChanges). */
export async function spendAccountChange(deps: Pick<AccountDeps, 'limits'>, userId: string): Promise<void> {
  const wait = await consumeOrWait(deps.limits.accountChanges, limitKey(userId));
  if (wait !== null) throw tooManyAttempts('account change', wait);
}

/**
 * The current password, for a change of password or address: a signed-in session alone (a
 * borrowed laptop, a copied cookie) must not be enough to take the account over. Each check is
 * counted per user. The message goes on `currentPassword`.
 */
export async function requireCurrentPassword(db: UserDb, deps: Pick<AccountDeps, 'limits'>, password: string): Promise<void> {
  await spendAccountChange(deps, db.userId);
  const [credential] = await db.run((tx) =>
    tx.select({ hash: passwordCredentials.passwordHash }).from(passwordCredentials).where(eq(passwordCredentials.userId, db.userId)).limit(1),
  );
  if (!credential) {
    throw new AppError('bad_request:settings', 'This account has no password yet.', {
      fields: { currentPassword: 'This account signs in with GitHub or Google and has no password: set one with "Forgot password?" on the sign-in page.' },
    });
  }
  if (!(await verifyPassword(credential.hash, password))) {
    throw new AppError('bad_request:settings', 'Please correct the highlighted fields.', { fields: { currentPassword: 'That is not your current password.' } });
  }
}
