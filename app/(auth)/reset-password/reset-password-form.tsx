'use client';

import { useActionState } from 'react';
import { resetPasswordAction, type AccountFormState } from '../account-actions';
import { FieldAlert, FormAlert } from '../_components/form-alerts';
import { LinkProblem } from '../_components/link-problem';

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, formAction, pending] = useActionState<AccountFormState, FormData>(resetPasswordAction, {});
  if (state.linkProblem) return <LinkProblem reason={state.linkProblem} again={{ href: '/forgot-password', label: 'Send me a new link' }} />;
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="brand">Mindbase</h1>
        <p className="muted">Choose a new password for {email}</p>
        <form action={formAction} noValidate className="stack">
          <input type="hidden" name="token" value={token} />
          {/* For password managers: the account this password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <label>
            New password
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              aria-invalid={Boolean(state.fields?.password)}
              aria-describedby={state.fields?.password ? 'password-error' : undefined}
            />
            <FieldAlert id="password-error" message={state.fields?.password} />
          </label>
          <p className="muted">Every browser signed in to this account will be signed out.</p>
          <FormAlert message={state.error} />
          <button type="submit" className="primary" disabled={pending}>
            {pending ? 'Please wait…' : 'Set new password'}
          </button>
        </form>
      </div>
    </main>
  );
}
