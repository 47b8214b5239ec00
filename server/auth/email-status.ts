/**
 * The state of the user's e-mail address: verified, and any new address waiting for its
 * confirmation link. Read by the session's verification gate (session.ts) and by the account
 * pages; the links themselves are issued and used in server/account/email-verification.ts.
 */
import { and, eq, exists, gt, isNull } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { accountTokens, accounts, users } from '../../db/schema';
import type { Tx } from '../../db/types';
import { AppError } from '../errors';

export interface EmailStatus {
  email: string | null;
  verified: boolean;
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
}

/**
 * Verified: the address was confirmed by a link, or the account signs in through a provider
 * (GitHub, Google) that vouched for it.
 */
export async function emailStatus(db: UserDb, now = new Date()): Promise<EmailStatus> {
  return db.run(async (tx) => {
    const [user] = await tx
      .select({
        email: users.email,
        verifiedAt: users.emailVerified,
        viaProvider: exists(tx.select({ one: accounts.userId }).from(accounts).where(eq(accounts.userId, users.id))),
      })
      .from(users)
      .where(eq(users.id, db.userId))
      .limit(1);
    if (!user) throw new AppError('not_found:settings', 'This account no longer exists.');
    return { email: user.email, verified: Boolean(user.verifiedAt) || Boolean(user.viaProvider), pendingEmail: await pendingEmailChange(tx, db.userId, now) };
  });
}

/** The new address of the user's live change-of-address link, if any. */
async function pendingEmailChange(tx: Tx, userId: string, now: Date): Promise<string | null> {
  const [pending] = await tx
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'change_email'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .limit(1);
  return pending?.email ?? null;
}

/** For the chat gate: has this account's address been verified? */
export async function isEmailVerified(db: UserDb): Promise<boolean> {
  return (await emailStatus(db)).verified;
}
