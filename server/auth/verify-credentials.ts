import { eq } from 'drizzle-orm';
import { passwordCredentials, users } from '../../db/schema';
import type { WithSystem } from '../../db/boundary';
import { signInSchema } from './credentials-schema';
import { dummyPasswordHash, verifyPassword } from './password';

export interface VerifiedUser {
  id: string;
  email: string;
  name: string | null;
}

/**
 * The user for an e-mail/password pair, or null. Never says which part was wrong: an unknown
 * e-mail and a wrong password look the same, in result and in timing.
 */
export async function verifyCredentials(withSystem: WithSystem, input: unknown): Promise<VerifiedUser | null> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const [row] = await withSystem((tx) =>
    tx
      .select({ id: users.id, email: users.email, name: users.name, passwordHash: passwordCredentials.passwordHash })
      .from(users)
      .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
      .where(eq(users.email, email))
      .limit(1),
  );
  if (!row?.email) {
    await verifyPassword(await dummyPasswordHash(), password);
    return null;
  }
  const ok = await verifyPassword(row.passwordHash, password);
  return ok ? { id: row.id, email: row.email, name: row.name } : null;
}
