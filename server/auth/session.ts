import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { redirect } from 'next/navigation';
import { env } from '../env';
import { AppError } from '../errors';
import { authConfig } from './index';
import { readSessionUser, type SessionUser } from './read-session';

export type { SessionUser };

/**
 * The signed-in user of this request, or null — also when the session was revoked (signed out
 * elsewhere, account deleted: auth-config.ts). Routes pass their request's headers; pages and
 * server actions read Next's.
 */
export async function getSessionUser(headers?: Headers): Promise<SessionUser | null> {
  return readSessionUser(authConfig(), headers ?? (await requestHeaders()), env().AUTH_URL);
}

/** For pages: the signed-in user, or a redirect to sign-in that comes back here afterwards. */
export async function requirePageUser(returnTo: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** For route handlers: the signed-in user, or an AppError that becomes a 401 JSON response. */
export async function requireApiUser(headers: Headers): Promise<SessionUser> {
  const user = await getSessionUser(headers);
  if (!user) throw new AppError('unauthorized:api', 'Sign in to continue.');
  return user;
}
