'use server';

import { AuthError } from 'next-auth';
import { withSystem } from '@/db';
import { signIn, signOut } from '@/server/auth';
import { fieldErrors, signInSchema } from '@/server/auth/credentials-schema';
import { signUp } from '@/server/auth/sign-up';
import { AppError } from '@/server/errors';
import { safeReturnPath } from './safe-return-path';

export interface AuthFormState {
  error?: string;
  fields?: Record<string, string>;
  values?: { email?: string; name?: string };
}

function read(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === 'string' ? value : undefined;
}

async function signInOrFail(email: string, password: string, returnTo: string): Promise<AuthFormState> {
  try {
    await signIn('credentials', { email, password, redirectTo: returnTo });
  } catch (error) {
    // Never say which part was wrong.
    if (error instanceof AuthError) return { error: 'Invalid e-mail or password.', values: { email } };
    throw error; // includes Next's redirect on success
  }
  return {};
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
    const user = await signUp(withSystem, input);
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
