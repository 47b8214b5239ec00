import { eq } from 'drizzle-orm';
import { passwordCredentials, users } from '../../db/schema';
import type { WithSystem } from '../../db/boundary';
import { AppError } from '../errors';
import { fieldErrors, signUpSchema } from './credentials-schema';
import { hashPassword } from './password';
import type { SignUpThrottle } from './sign-up-throttle';

const UNIQUE_VIOLATION = '23505';

/**
 * Creates an account with an e-mail and password. Runs as the system role because the user does
 * not exist yet; the user row and its credential are written in one transaction, so a failure
 * leaves nothing behind. Valid input spends a sign-up attempt for the e-mail and the client's
 * address first (a refusal is a `rate_limited:auth` AppError with retryAfterSeconds).
 */
export async function signUp(
  withSystem: WithSystem,
  input: unknown,
  guard: { throttle: SignUpThrottle; address: string },
): Promise<{ id: string; email: string }> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('bad_request:auth', 'Please correct the highlighted fields.', { fields: fieldErrors(parsed.error) });
  }
  const { email, password, name } = parsed.data;
  await guard.throttle.begin({ email, address: guard.address });
  const duplicate = () =>
    new AppError('conflict:auth', 'An account with this e-mail already exists. Sign in instead.', {
      fields: { email: 'An account with this e-mail already exists.' },
    });

  const existing = await withSystem((tx) => tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1));
  if (existing.length > 0) throw duplicate();

  const passwordHash = await hashPassword(password);
  try {
    return await withSystem(async (tx) => {
      const [user] = await tx.insert(users).values({ email, name: name ?? null }).returning({ id: users.id });
      if (!user) throw new AppError('internal:auth', 'Could not create the account. Please try again.');
      await tx.insert(passwordCredentials).values({ userId: user.id, passwordHash });
      return { id: user.id, email };
    });
  } catch (error) {
    // Two sign-ups racing for one e-mail: the unique index decides, the loser gets the same message.
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === UNIQUE_VIOLATION) throw duplicate();
    throw error;
  }
}
