import { redirect } from 'next/navigation';
import { oauthProviders } from '@/server/auth';
import { getSessionUser } from '@/server/auth/session';
import { oauthSignInAction, signUpAction } from '../actions';
import { AuthForm } from '../_components/auth-form';
import { safeReturnPath } from '../safe-return-path';

export const metadata = { title: 'Create account · Mindbase' };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const callbackUrl = safeReturnPath((await searchParams).callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  return <AuthForm mode="sign-up" action={signUpAction} callbackUrl={callbackUrl} oauth={oauthProviders()} oauthAction={oauthSignInAction} />;
}
