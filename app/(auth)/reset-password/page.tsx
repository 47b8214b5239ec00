import { withSystem } from '@/server/database';
import { inspectToken } from '@/server/account/account-tokens';
import { LinkProblem } from '../_components/link-problem';
import { ResetPasswordForm } from './reset-password-form';

export const metadata = { title: 'Choose a new password · Mindbase' };

/** Opening the link only looks at it; the form's submission uses it. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const check = await inspectToken(withSystem, token, 'password_reset');
  if (!check.ok) return <LinkProblem reason={check.reason} again={{ href: '/forgot-password', label: 'Send me a new link' }} />;
  return <ResetPasswordForm token={String(token)} email={check.row.email} />;
}
