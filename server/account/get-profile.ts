import 'server-only';
import { eq } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { users } from '../../db/schema';
import { AppError } from '../errors';
import { accountBeingDeleted } from './delete-account';

export async function getProfile(db: UserDb) {
  const row = await db.run(async (tx) => {
    // Once its deletion is asked for, the account is gone: the row only waits for the sweep.
    if (await accountBeingDeleted(tx)) return undefined;
    const [found] = await tx.select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt }).from(users).where(eq(users.id, db.userId));
    return found;
  });
  if (!row) throw new AppError('not_found:api', 'This account no longer exists.');
  return row;
}
