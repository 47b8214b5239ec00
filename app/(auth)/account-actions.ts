'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { confirmEmailLink, resendVerification } from '@/server/account/email-verification';
import { requestPasswordReset, resetPassword } from '@/server/account/password-reset';
import { accountDeps } from '@/server/composition';
import { requestContext } from '@/server/account/request-context';
import { userDbFor } from '@/server/database';
import { revokeAllSessions } from '@/server/account/user-sessions';
import { signOut } from '@/server/auth';
import { getSessionUser } from '@/server/auth/session';
import { config } from '@/server/config';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { safeReturnPath } from './safe-return-path';

export interface AccountFormState {
  error?: string;
  fields?: Record<string, string>;
  /** What the user typed, to fill the form again: never a password. */
  values?: { email?: string };
  /** Shown instead of the form once it worked (the same text whether or not the account exists). */
  done?: string;
  /** The link could not be used: the page says why and offers a new one. */
  linkProblem?: 'invalid' | 'expired' | 'used' | 'taken';
}

function read(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === 'string' ? value : undefined;
}

const asFormState = (error: unknown, values?: AccountFormState['values']): AccountFormState => {
  if (error instanceof AppError) return { error: error.fields ? undefined : error.message, fields: error.fields, values };
  throw error;
};

// One text for every valid address, known or not (no account enumeration).
const RESET_SENT = `If an account uses that address, we have sent it a link to choose a new password. It works for ${config.auth.accountTokens.passwordResetMinutes} minutes; check your spam folder if it does not arrive.`;

export async function forgotPasswordAction(_prev: AccountFormState, form: FormData): Promise<AccountFormState> {
  const email = read(form, 'email');
  try {
    await requestPasswordReset(accountDeps(), { email }, requestContext(await headers(), env().AUTH_URL));
    return { done: RESET_SENT, values: { email } };
  } catch (error) {
    return asFormState(error, { email });
  }
}

export async function resetPasswordAction(_prev: AccountFormState, form: FormData): Promise<AccountFormState> {
  let result: Awaited<ReturnType<typeof resetPassword>>;
  try {
    result = await resetPassword(accountDeps(), { token: read(form, 'token'), password: read(form, 'password') });
  } catch (error) {
    return asFormState(error);
  }
  if (!result.ok) return { linkProblem: result.reason };
  redirect('/sign-in?notice=password-reset');
}

export async function confirmEmailAction(_prev: AccountFormState, form: FormData): Promise<AccountFormState> {
  const result = await confirmEmailLink(accountDeps(), read(form, 'token'));
  if (!result.ok) return { linkProblem: result.reason };
  return { done: result.kind === 'changed' ? `Your account now uses ${result.email}.` : `Thank you: ${result.email} is confirmed.` };
}

export async function resendVerificationAction(_prev: AccountFormState, form: FormData): Promise<AccountFormState> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent('/verify-email')}`);
  try {
    const result = await resendVerification(userDbFor(user.id), accountDeps(), requestContext(await headers(), env().AUTH_URL));
    if (result.status === 'already_verified') redirect(safeReturnPath(read(form, 'callbackUrl')));
    return { done: `We have sent a new link to ${result.email ?? 'your address'}. Earlier links no longer work.` };
  } catch (error) {
    return asFormState(error);
  }
}

/** "Sign out everywhere" on the account page: every session of the account ends, this one last. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await getSessionUser();
  if (user) await revokeAllSessions(userDbFor(user.id));
  await signOut({ redirectTo: '/sign-in?notice=signed-out-everywhere' });
}
