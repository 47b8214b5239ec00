import Link from 'next/link';
import { redirect } from 'next/navigation';
import { userDbFor, withSystem } from '@/server/database';
import { inspectEmailLink } from '@/server/account/email-verification';
import { emailStatus } from '@/server/auth/email-status';
import { getSessionUser } from '@/server/auth/session';
import { LinkProblem } from '../_components/link-problem';
import { safeReturnPath } from '../safe-return-path';
import { ConfirmEmailForm, ResendVerificationForm } from './verify-email-forms';

export const metadata = { title: 'Confirm your e-mail · Mindbase' };

type Search = Promise<{ token?: string | string[]; callbackUrl?: string }>;

/**
 * With a token: the link from a verification or new-address mail (opening it only looks at it;
 * the button uses it). Without: the page the verification gate sends an unverified user to.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Search }) {
  const { token, callbackUrl: rawCallback } = await searchParams;
  const callbackUrl = safeReturnPath(rawCallback);
  const user = await getSessionUser();
  if (token !== undefined) {
    const check = await inspectEmailLink({ withSystem }, token);
    const again = user ? { href: '/verify-email', label: 'Send me a new link' } : { href: '/sign-in?callbackUrl=%2Fverify-email', label: 'Sign in to get a new link' };
    if (!check.ok) return <LinkProblem reason={check.reason} again={again} />;
    return <ConfirmEmailForm token={String(token)} email={check.row.email} change={check.row.purpose === 'change_email'} again={again} />;
  }
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent('/verify-email')}`);
  const status = await emailStatus(userDbFor(user.id));
  return (
    <main className="auth-page">
      <div className="auth-card stack">
        <h1 className="brand">Mindbase</h1>
        {status.verified ? (
          <>
            <p data-testid="email-verified">Your address {status.email} is confirmed.</p>
            <Link href={callbackUrl}>
              Continue
            </Link>
          </>
        ) : (
          <>
            <p>Confirm your e-mail address to start chatting.</p>
            <p className="muted">We sent a link to {status.email}. Open it on any device; it works once.</p>
            <ResendVerificationForm callbackUrl={callbackUrl} />
            <p className="muted">
              Wrong address? Change it in <Link href="/settings/account">your account settings</Link>.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
