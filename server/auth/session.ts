import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { redirect } from 'next/navigation';
import { userDbFor } from '../database';
import { isEmailVerified } from './email-status';
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

/**
 * With AUTH_REQUIRE_VERIFIED_EMAIL=true (issue 18), true while the user's address is unverified:
 * chat waits for it. One primary-key read, made only when the setting is on.
 */
async function mustVerifyEmail(user: SessionUser): Promise<boolean> {
  if (!env().AUTH_REQUIRE_VERIFIED_EMAIL) return false;
  return !(await isEmailVerified(userDbFor(user.id)));
}

/**
 * For pages: the signed-in user, or a redirect to sign-in that comes back here afterwards; with
 * the verification gate on, an unverified user goes to /verify-email instead, unless the page is
 * one they need meanwhile (`allowUnverified`: the account page).
 */
export async function requirePageUser(returnTo: string, options: { allowUnverified?: boolean } = {}): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  if (!options.allowUnverified && (await mustVerifyEmail(user))) redirect(`/verify-email?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/**
 * For route handlers (the chat route): the signed-in user, or an AppError that becomes a 401
 * JSON response — or a 403 while the verification gate holds.
 */
export async function requireApiUser(headers: Headers): Promise<SessionUser> {
  const user = await getSessionUser(headers);
  if (!user) throw new AppError('unauthorized:api', 'Sign in to continue.');
  if (await mustVerifyEmail(user)) {
    throw new AppError('forbidden:auth', 'Confirm your e-mail address to start chatting: open the link we sent you, or ask for a new one at /verify-email.');
  }
  return user;
}
