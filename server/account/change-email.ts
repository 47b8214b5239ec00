/**
 * Change of e-mail address (issue 18): the current password is required, and the new address
 * takes effect only when the link mailed to it is opened (email-verification.ts
 * confirmEmailLink), so a typo or someone else's address never becomes the sign-in.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { users } from '../../db/schema';
import { emailSchema, fieldErrors } from '../auth/credentials-schema';
import { config } from '../config';
import { AppError } from '../errors';
import type { AccountDeps, RequestContext } from './account-deps';
import { requireCurrentPassword } from './account-changes';
import { enqueueAccountMail } from './account-mail';
import { issueAccountToken } from './account-tokens';

export const changeEmailInput = z
  .object({
    newEmail: emailSchema,
    currentPassword: z.string().min(1, 'Enter your current password.').max(config.auth.passwordMaxLength, 'Enter your current password.'),
  })
  .strict();

export async function requestEmailChange(db: UserDb, deps: AccountDeps, input: unknown, request: RequestContext): Promise<{ pendingEmail: string }> {
  const parsed = changeEmailInput.safeParse(input);
  if (!parsed.success) throw new AppError('bad_request:settings', 'Please correct the highlighted fields.', { fields: fieldErrors(parsed.error) });
  const { newEmail, currentPassword } = parsed.data;
  const [me] = await db.run((tx) => tx.select({ email: users.email }).from(users).where(eq(users.id, db.userId)).limit(1));
  if (me?.email === newEmail) throw new AppError('bad_request:settings', 'That is already your address.', { fields: { newEmail: 'That is already your address.' } });
  await requireCurrentPassword(db, deps, currentPassword);
  // Sign-up says the same about a taken address; the check is behind the password and the limit.
  const taken = await deps.withSystem((tx) => tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1));
  if (taken.length > 0) throw new AppError('conflict:settings', 'Another account uses that address.', { fields: { newEmail: 'Another account uses that address.' } });
  const row = await db.run(async (tx) => {
    const token = await issueAccountToken(tx, deps.tokenKey, { userId: db.userId, purpose: 'change_email', email: newEmail, now: deps.now?.() });
    return enqueueAccountMail(tx, { userId: db.userId, tokenId: token.id, locale: request.locale, origin: request.origin });
  });
  await deps.dispatch(row);
  return { pendingEmail: newEmail };
}
