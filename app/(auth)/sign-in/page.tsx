import { redirect } from 'next/navigation';
import { oauthProviders } from '@/server/auth';
import { getSessionUser } from '@/server/auth/session';
import { oauthSignInAction, signInAction } from '../actions';
import { AuthForm } from '../_components/auth-form';
import { safeReturnPath } from '../safe-return-path';

export const metadata = { title: 'Sign in · Mindbase' };

const NOTICES: Record<string, string> = {
  'password-reset': 'Your password was changed and every browser was signed out. Sign in with the new password.',
  'signed-out-everywhere': 'You were signed out on every device.',
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; notice?: string }> }) {
  const { callbackUrl: rawCallback, notice } = await searchParams;
  const callbackUrl = safeReturnPath(rawCallback);
  if (await getSessionUser()) redirect(callbackUrl);
  return (
    <AuthForm
      mode="sign-in"
      action={signInAction}
      callbackUrl={callbackUrl}
      oauth={oauthProviders()}
      oauthAction={oauthSignInAction}
      notice={notice ? NOTICES[notice] : undefined}
    />
  );
}
