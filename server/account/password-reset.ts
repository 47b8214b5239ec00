/**
 * "Forgot password?" (issue 18). A request answers the same whether or not the e-mail has an
 * account — the mail, if any, is sent in the background, so the response time does not tell
 * either — and is limited like sign-up, per e-mail and per address. Setting the new password uses
 * the link once, follows the sign-up strength rule, and ends every session of the account.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { passwordCredentials, users } from '../../db/schema';
import { emailSchema, fieldErrors, newPasswordField, passwordStrengthProblem } from '../auth/credentials-schema';
import { hashPassword } from '../auth/password';
import { createEmailAndAddressThrottle } from '../auth/sign-up-throttle';
import { AppError } from '../errors';
import type { AccountDeps, RequestContext } from './account-deps';
import { enqueueAccountMail } from './account-mail';
import { consumeToken, inspectToken, issueAccountToken, tokenSchema, type TokenCheck } from './account-tokens';
import { revokeSessionsIn } from './user-sessions';

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** Always resolves the same way for a valid e-mail; throws only for bad input and the limit. */
export async function requestPasswordReset(deps: AccountDeps, input: unknown, request: RequestContext): Promise<void> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) throw new AppError('bad_request:auth', 'Please correct the highlighted fields.', { fields: fieldErrors(parsed.error) });
  const { email } = parsed.data;
  const throttle = createEmailAndAddressThrottle('password reset', { account: deps.limits.resetAccount, address: deps.limits.resetAddress });
  await throttle.begin({ email, address: request.address });
  const row = await deps.withSystem(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) return null;
    const token = await issueAccountToken(tx, deps.tokenKey, { userId: user.id, purpose: 'password_reset', email, now: deps.now?.() });
    return enqueueAccountMail(tx, { userId: user.id, tokenId: token.id, locale: request.locale, origin: request.origin });
  });
  if (row) await deps.dispatch(row);
}

export const resetPasswordSchema = z.object({ token: tokenSchema, password: newPasswordField });

export type ResetResult = { ok: true } | { ok: false; reason: Exclude<TokenCheck, { ok: true }>['reason'] };

/**
 * Sets the password from a reset link. A bad link is a result (the page offers a new one), not an
 * error; a weak password is a `bad_request:auth` with the message on `password`, and the link
 * stays usable. Using the link also proves the address, so it counts as verified.
 */
export async function resetPassword(deps: Pick<AccountDeps, 'withSystem' | 'now'>, input: unknown): Promise<ResetResult> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    if (fields.token) return { ok: false, reason: 'invalid' };
    throw new AppError('bad_request:auth', 'Please correct the highlighted fields.', { fields });
  }
  const now = deps.now?.() ?? new Date();
  const check = await inspectToken(deps.withSystem, parsed.data.token, 'password_reset', now);
  if (!check.ok) return check;
  const { row } = check;
  const [account] = await deps.withSystem((tx) => tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId)).limit(1));
  const weakness = passwordStrengthProblem({ password: parsed.data.password, email: account?.email ?? row.email, name: account?.name });
  if (weakness) throw new AppError('bad_request:auth', 'Please correct the highlighted fields.', { fields: { password: weakness } });
  // Hashed before the transaction: argon2id takes ~50 ms, and the embedded database has one backend.
  const passwordHash = await hashPassword(parsed.data.password);
  return deps.withSystem(async (tx): Promise<ResetResult> => {
    if (!(await consumeToken(tx, row.id, now))) return { ok: false, reason: 'used' };
    await tx
      .insert(passwordCredentials)
      .values({ userId: row.userId, passwordHash })
      .onConflictDoUpdate({ target: passwordCredentials.userId, set: { passwordHash, updatedAt: now } });
    // Whoever knew the old password (or holds a copied cookie) is out everywhere.
    await revokeSessionsIn(tx, row.userId, null);
    await tx
      .update(users)
      .set({ emailVerified: now })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email), isNull(users.emailVerified)));
    return { ok: true };
  });
}
