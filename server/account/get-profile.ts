import 'server-only';
import { eq } from 'drizzle-orm';
import type { UserDb } from '../../db/boundary';
import { users } from '../../db/schema';
import { AppError } from '../errors';

export async function getProfile(db: UserDb) {
  const [row] = await db.run((tx) =>
    tx.select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt }).from(users).where(eq(users.id, db.userId)),
  );
  if (!row) throw new AppError('not_found:api', 'This account no longer exists.');
  return row;
}
