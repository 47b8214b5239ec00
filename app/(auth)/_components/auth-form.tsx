'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import type { AuthFormState } from '../actions';
import { EmailField } from './email-field';
import { FieldAlert } from './form-alerts';

interface Props {
  mode: 'sign-in' | 'sign-up';
  action: (prev: AuthFormState, form: FormData) => Promise<AuthFormState>;
  callbackUrl: string;
  oauth: { id: string; name: string }[];
  oauthAction: (form: FormData) => Promise<void>;
  /** A message from the page that sent the user here ("Your password was changed…"). */
  notice?: string;
}

export function AuthForm({ mode, action, callbackUrl, oauth, oauthAction, notice }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const signUp = mode === 'sign-up';
  const fieldError = (name: string) => <FieldAlert id={`${name}-error`} message={state.fields?.[name]} />;

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="brand">Mindbase</h1>
        <p className="muted">{signUp ? 'Create your account' : 'Sign in to your account'}</p>
        {notice && (
          <p role="status" data-testid="auth-notice">
            {notice}
          </p>
        )}
        <form action={formAction} noValidate className="stack">
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          {signUp && (
            <label>
              Name <span className="muted">(optional)</span>
              <input name="name" autoComplete="name" defaultValue={state.values?.name ?? ''} maxLength={100} />
              {fieldError('name')}
            </label>
          )}
          <EmailField defaultValue={state.values?.email ?? ''} error={state.fields?.email} />
          <label>
            Password
            <input
              name="password"
              type="password"
              autoComplete={signUp ? 'new-password' : 'current-password'}
              required
              minLength={signUp ? 8 : undefined}
              aria-invalid={Boolean(state.fields?.password)}
              aria-describedby={state.fields?.password ? 'password-error' : undefined}
            />
            {fieldError('password')}
          </label>
          {!signUp && (
            <Link href="/forgot-password" className="muted">
              Forgot password?
            </Link>
          )}
          {state.error && (
            <p className="form-error" role="alert">
              {state.error}
            </p>
          )}
          <button type="submit" className="primary" disabled={pending}>
            {pending ? 'Please wait…' : signUp ? 'Create account' : 'Sign in'}
          </button>
        </form>
        {oauth.length > 0 && (
          <div className="stack oauth">
            {oauth.map((p) => (
              <form key={p.id} action={oauthAction}>
                <input type="hidden" name="provider" value={p.id} />
                <input type="hidden" name="callbackUrl" value={callbackUrl} />
                <button type="submit" className="secondary wide">
                  Continue with {p.name}
                </button>
              </form>
            ))}
          </div>
        )}
        <p className="muted switch">
          {signUp ? (
            <>
              Already have an account? <Link href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in</Link>
            </>
          ) : (
            <>
              New to Mindbase? <Link href={`/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Create an account</Link>
            </>
          )}
        </p>
      </div>
    </main>
  );
}
