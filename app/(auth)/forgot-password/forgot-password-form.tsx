'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { EmailField } from '../_components/email-field';
import { FormAlert } from '../_components/form-alerts';
import { forgotPasswordAction, type AccountFormState } from '../account-actions';

export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const [state, formAction, pending] = useActionState<AccountFormState, FormData>(forgotPasswordAction, {});
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="brand">Mindbase</h1>
        <p className="muted">Forgot your password?</p>
        {state.done ? (
          <p role="status" data-testid="reset-sent">
            {state.done}
          </p>
        ) : (
          <form action={formAction} noValidate className="stack">
            <p className="muted">Enter the address you sign in with and we will mail you a link to choose a new password.</p>
            <EmailField defaultValue={state.values?.email ?? initialEmail} error={state.fields?.email} />
            <FormAlert message={state.error} />
            <button type="submit" className="primary" disabled={pending}>
              {pending ? 'Please wait…' : 'Send me a link'}
            </button>
          </form>
        )}
        <p className="muted switch">
          <Link href="/sign-in">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
