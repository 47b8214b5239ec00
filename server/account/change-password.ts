/**
 * Change of password from the account page (issue 18): the current one is required, the new one
 * follows the sign-up rule, and every other session of the account ends (this browser stays in).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { passwordCredentials, users } from '../../db/schema';
import { fieldErrors, newPasswordField, passwordStrengthProblem } from '../auth/credentials-schema';
import { hashPassword } from '../auth/password';
import { config } from '../config';
import { AppError } from '../errors';
import type { AccountDeps } from './account-deps';
import { requireCurrentPassword } from './account-changes';
import { revokeSessionsIn } from './user-sessions';

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.').max(config.auth.passwordMaxLength, 'Enter your current password.'),
    newPassword: newPasswordField,
  })
  .strict();

/** `currentSessionId`: this browser's session (public id), which stays signed in. */
export async function changePassword(db: UserDb, deps: Pick<AccountDeps, 'limits'>, input: unknown, currentSessionId: string | null): Promise<{ otherSessionsEnded: number }> {
  const parsed = changePasswordInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError('bad_request:settings', 'Please correct the highlighted fields.', { fields: fieldErrors(parsed.error) });
  }
  const { currentPassword, newPassword } = parsed.data;
  const [me] = await db.run((tx) => tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, db.userId)).limit(1));
  const weakness = passwordStrengthProblem({ password: newPassword, email: me?.email ?? '', name: me?.name });
  await requireCurrentPassword(db, deps, currentPassword);
  if (weakness) throw new AppError('bad_request:settings', 'Please correct the highlighted fields.', { fields: { newPassword: weakness } });
  const passwordHash = await hashPassword(newPassword);
  return db.run(async (tx) => {
    await tx.update(passwordCredentials).set({ passwordHash, updatedAt: new Date() }).where(eq(passwordCredentials.userId, db.userId));
    return { otherSessionsEnded: await revokeSessionsIn(tx, db.userId, currentSessionId) };
  });
}
