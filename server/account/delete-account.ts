import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { users } from '../../db/schema';
import { AppError } from '../errors';

/** What an account without an e-mail (e.g. some OAuth sign-ins) types to confirm. */
export const DELETE_ACCOUNT_PHRASE = 'DELETE MY ACCOUNT';

export const deleteAccountInput = z.object({ confirm: z.string().max(320) }).strict();

/** The text the user must type: their e-mail, or the phrase when the account has none. */
export function deleteAccountConfirmation(email: string | null): string {
  return email ?? DELETE_ACCOUNT_PHRASE;
}

/**
 * Deletes the signed-in user's `users` row. Every user-owned table references users.id
 * ON DELETE CASCADE, so this one statement removes every row of that user in every table
 * (conversations, messages, memories, versions, vectors, sources, ledger, audit log, outbox,
 * settings, credentials, OAuth accounts, sessions). Row-level security limits the delete to the
 * caller's own row: a UserDb can only ever delete itself.
 */
export async function deleteAccount(db: UserDb, input: { confirm: string }): Promise<{ deleted: true }> {
  return db.run(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, db.userId)).limit(1);
    if (!user) throw new AppError('not_found:api', 'This account no longer exists.');
    const expected = deleteAccountConfirmation(user.email);
    if (input.confirm !== expected) {
      throw new AppError(
        'bad_request:settings',
        user.email
          ? 'To delete your account, type your e-mail address exactly as shown. Nothing was deleted.'
          : `To delete your account, type ${DELETE_ACCOUNT_PHRASE} exactly. Nothing was deleted.`,
      );
    }
    const deleted = await tx.delete(users).where(eq(users.id, db.userId)).returning({ id: users.id });
    if (deleted.length !== 1) throw new AppError('internal:database', 'The account could not be deleted; nothing was changed.');
    return { deleted: true as const };
  });
}
