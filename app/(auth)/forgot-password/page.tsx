import { ForgotPasswordForm } from './forgot-password-form';

export const metadata = { title: 'Forgot password · Mindbase' };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<{ email?: string }> }) {
  const { email } = await searchParams;
  return <ForgotPasswordForm initialEmail={typeof email === 'string' ? email.slice(0, 320) : ''} />;
}
