import { redirect } from 'next/navigation';
import { oauthProviders } from '@/server/auth';
import { getSessionUser } from '@/server/auth/session';
import { oauthSignInAction, signInAction } from '../actions';
import { AuthForm } from '../_components/auth-form';
import { safeReturnPath } from '../safe-return-path';

export const metadata = { title: 'Sign in · Mindbase' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const callbackUrl = safeReturnPath((await searchParams).callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  return <AuthForm mode="sign-in" action={signInAction} callbackUrl={callbackUrl} oauth={oauthProviders()} oauthAction={oauthSignInAction} />;
}
