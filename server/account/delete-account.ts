import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { UserDb } from '../../db/boundary';
import { accessTokens, accounts, bulkJobs, memories, passwordCredentials, sessions, users } from '../../db/schema';
import { HIDE_EVERYTHING } from '../../db/schema/rls';
import type { Tx } from '../../db/types';
import { insertBulkJob, refusingConcurrent } from '../bulk/bulk-jobs';
import type { BulkJobLauncher } from '../bulk/launcher';
import { AppError } from '../errors';
import { lockUserMemory } from '../memory/user-lock';

/** What an account without an e-mail (e.g. some OAuth sign-ins) types to confirm. */
export const DELETE_ACCOUNT_PHRASE = 'DELETE MY ACCOUNT';

export const deleteAccountInput = z.object({ confirm: z.string().max(320) }).strict();

/** The text the user must type: their e-mail, or the phrase when the account has none. */
export function deleteAccountConfirmation(email: string | null): string {
  return email ?? DELETE_ACCOUNT_PHRASE;
}

/** An account whose deletion has been asked for is gone as far as anyone can tell. */
export async function accountBeingDeleted(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(bulkJobs).where(eq(bulkJobs.kind, 'delete_account'));
  return (row?.n ?? 0) > 0;
}

/**
 * Deletes the signed-in user's account, as mark-then-sweep (issue 14, item 1). One short
 * transaction makes it gone for everyone: the e-mail is freed and every way to sign in (password,
 * OAuth links, sessions) removed; the job's watermark (the largest bigint) makes the row-level
 * policies hide every memory, audit entry, conversation and message of the account; anything
 * else running for it is cancelled. The job then deletes every row in chunks and finally the
 * `users` row, whose cascade takes what is left (server/bulk/run-erasure.ts), and erases it all
 * on disk. Row-level security limits every statement to the caller's own rows.
 */
export async function deleteAccount(db: UserDb, input: { confirm: string }, launcher: BulkJobLauncher): Promise<{ deleted: true }> {
  const job = await refusingConcurrent(() =>
    db.run(async (tx) => {
      const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, db.userId)).limit(1);
      if (!user || (await accountBeingDeleted(tx))) throw new AppError('not_found:api', 'This account no longer exists.');
      const expected = deleteAccountConfirmation(user.email);
      if (input.confirm !== expected) {
        throw new AppError(
          'bad_request:settings',
          user.email
            ? 'To delete your account, type your e-mail address exactly as shown. Nothing was deleted.'
            : `To delete your account, type ${DELETE_ACCOUNT_PHRASE} exactly. Nothing was deleted.`,
        );
      }
      await lockUserMemory(tx, db.userId);
      // An import or a "delete all" stops where it is: the sweep removes what either left.
      await tx.update(bulkJobs).set({ status: 'cancelled', phase: 'cancelled', finishedAt: new Date(), updatedAt: new Date() }).where(eq(bulkJobs.status, 'running'));
      const [memoryCount] = await tx.select({ n: count() }).from(memories);
      const job = await insertBulkJob(tx, { userId: db.userId, kind: 'delete_account', phase: 'sweeping', total: memoryCount?.n ?? 0 });
      await tx.update(bulkJobs).set({ hiddenThrough: sql`${sql.raw(HIDE_EVERYTHING)}::bigint` }).where(eq(bulkJobs.id, job.id));
      await tx.delete(sessions).where(eq(sessions.userId, db.userId));
      await tx.delete(accounts).where(eq(accounts.userId, db.userId));
      await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, db.userId));
      // Issue 17: every connected app is cut off in this same transaction, not when the sweep ends.
      await tx.delete(accessTokens).where(eq(accessTokens.userId, db.userId));
      const freed = await tx.update(users).set({ email: null, name: null, image: null, emailVerified: null }).where(eq(users.id, db.userId)).returning({ id: users.id });
      if (freed.length !== 1) throw new AppError('internal:database', 'The account could not be deleted; nothing was changed.');
      return job;
    }),
  );
  // Gone already for the user; if the hand-over fails, start-up resumes the sweep.
  await launcher.launch(job).catch((error: unknown) => console.error(`[jobs] account deletion ${job.id} not started; it resumes at the next start`, error));
  return { deleted: true as const };
}
