'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { confirmEmailAction, resendVerificationAction, type AccountFormState } from '../account-actions';
import { FormAlert } from '../_components/form-alerts';
import { LinkProblem } from '../_components/link-problem';

export function ConfirmEmailForm({ token, email, change, again }: { token: string; email: string; change: boolean; again: { href: string; label: string } }) {
  const [state, formAction, pending] = useActionState<AccountFormState, FormData>(confirmEmailAction, {});
  if (state.linkProblem) return <LinkProblem reason={state.linkProblem} again={again} />;
  return (
    <main className="auth-page">
      <div className="auth-card stack">
        <h1 className="brand">Mindbase</h1>
        {state.done ? (
          <>
            <p role="status" data-testid="email-confirmed">
              {state.done}
            </p>
            <Link href="/chat">
              Continue to Mindbase
            </Link>
          </>
        ) : (
          <form action={formAction} className="stack">
            <input type="hidden" name="token" value={token} />
            <p>{change ? `Use ${email} as the address of your Mindbase account?` : `Confirm that ${email} is your address?`}</p>
            <button type="submit" className="primary" disabled={pending}>
              {pending ? 'Please wait…' : change ? 'Use this address' : 'Confirm my e-mail address'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

export function ResendVerificationForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, pending] = useActionState<AccountFormState, FormData>(resendVerificationAction, {});
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state.done && <p role="status">{state.done}</p>}
      <FormAlert message={state.error} />
      <button type="submit" className="secondary" disabled={pending}>
        {pending ? 'Sending…' : 'Resend the link'}
      </button>
    </form>
  );
}
