'use server';

import { AuthError } from 'next-auth';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { withSystem } from '@/server/database';
import { sendVerificationMail } from '@/server/account/email-verification';
import { accountDeps } from '@/server/composition';
import { requestContext } from '@/server/account/request-context';
import { deviceKey, signIn, signOut, signUpThrottle } from '@/server/auth';
import { clientAddress } from '@/server/auth/client-address';
import { fieldErrors, signInSchema } from '@/server/auth/credentials-schema';
import { issueKnownDevice, KNOWN_DEVICE_COOKIE } from '@/server/auth/known-device';
import { SignInThrottled } from '@/server/auth/sign-in-errors';
import { signUp } from '@/server/auth/sign-up';
import { config } from '@/server/config';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { safeReturnPath } from './safe-return-path';

export interface AuthFormState {
  error?: string;
  fields?: Record<string, string>;
  /** What the user typed, to fill the form again: never the password. */
  values?: { email?: string; name?: string };
}

function read(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === 'string' ? value : undefined;
}

/** After a successful password sign-in this browser is known to the account (known-device.ts). */
async function rememberDevice(email: string): Promise<void> {
  const secure = (env().AUTH_URL ?? '').startsWith('https:') || (await headers()).get('x-forwarded-proto') === 'https';
  (await cookies()).set(KNOWN_DEVICE_COOKIE, issueKnownDevice(deviceKey(), email, new Date()), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: config.auth.throttle.knownDeviceDays * 24 * 60 * 60,
  });
}

async function signInOrFail(email: string, password: string, returnTo: string): Promise<AuthFormState> {
  let destination: unknown;
  try {
    destination = await signIn('credentials', { email, password, redirectTo: returnTo, redirect: false });
  } catch (error) {
    if (error instanceof SignInThrottled) return { error: error.userMessage, values: { email } };
    // Never say which part was wrong.
    if (error instanceof AuthError) return { error: 'Invalid e-mail or password.', values: { email } };
    throw error;
  }
  await rememberDevice(email);
  // With `redirect: false` Auth.js answers with where it would have redirected.
  redirect(typeof destination === 'string' ? destination : returnTo);
}

export async function signInAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const input = { email: read(form, 'email'), password: read(form, 'password') };
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { fields: fieldErrors(parsed.error), values: { email: input.email } };
  return signInOrFail(parsed.data.email, parsed.data.password, safeReturnPath(read(form, 'callbackUrl')));
}

export async function signUpAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const input = { name: read(form, 'name'), email: read(form, 'email'), password: read(form, 'password') };
  const values = { email: input.email, name: input.name };
  try {
    const address = clientAddress(await headers(), config.auth.throttle.proxyHops);
    const user = await signUp(withSystem, input, { throttle: signUpThrottle(), address });
    // Issue 18: the verification link goes out in the background; sign-in does not wait for it.
    await sendVerificationMail(accountDeps(), user, requestContext(await headers(), env().AUTH_URL));
    return await signInOrFail(user.email, input.password ?? '', safeReturnPath(read(form, 'callbackUrl')));
  } catch (error) {
    if (error instanceof AppError) return { error: error.fields ? undefined : error.message, fields: error.fields, values };
    throw error;
  }
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/sign-in' });
}

export async function oauthSignInAction(form: FormData): Promise<void> {
  const provider = read(form, 'provider');
  if (provider !== 'github' && provider !== 'google') return;
  await signIn(provider, { redirectTo: safeReturnPath(read(form, 'callbackUrl')) });
}
