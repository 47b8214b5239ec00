'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { FieldError, FormError, fieldMessage } from './form-errors';

/** The address, whether it is confirmed (with "resend"), and a change of address confirmed at the new one. */
export function EmailSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const status = useQuery(trpc.accountSecurity.emailStatus.queryOptions());
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.accountSecurity.emailStatus.queryKey() });
  const resend = useMutation(trpc.accountSecurity.resendVerification.mutationOptions({ onSuccess: refresh }));
  const change = useMutation(
    trpc.accountSecurity.requestEmailChange.mutationOptions({
      onSuccess: () => {
        // The address stays typed on error; cleared once the link is on its way.
        setNewEmail('');
        setCurrentPassword('');
        void refresh();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!change.isPending) change.mutate({ newEmail, currentPassword });
  }

  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>E-mail address</h2>
      {status.isPending && <p>Loading…</p>}
      {status.isError && (
        <p className="form-error" role="alert">
          {status.error.message}
        </p>
      )}
      {status.data && (
        <div className="stack">
          <p data-testid="email-status">
            {status.data.email} · {status.data.verified ? 'confirmed' : 'not confirmed yet'}
          </p>
          {!status.data.verified && (
            <div>
              <button type="button" className="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
                Resend the confirmation link
              </button>
              {resend.data?.status === 'sent' && <p role="status">A new link is on its way to {resend.data.email}.</p>}
              {resend.error && (
                <p className="form-error" role="alert">
                  {resend.error.message}
                </p>
              )}
            </div>
          )}
          {status.data.pendingEmail && (
            <p role="status" data-testid="pending-email">
              Waiting for confirmation: open the link we sent to {status.data.pendingEmail}. Until then you sign in with {status.data.email}.
            </p>
          )}
        </div>
      )}
      <form onSubmit={submit} noValidate className="stack">
        <h3>Change address</h3>
        <label>
          New e-mail address
          <input
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            maxLength={320}
            aria-invalid={Boolean(fieldMessage(change.error, 'newEmail'))}
          />
          <FieldError error={change.error} field="newEmail" />
        </label>
        <label>
          Current password
          <input
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            aria-invalid={Boolean(fieldMessage(change.error, 'currentPassword'))}
          />
          <FieldError error={change.error} field="currentPassword" />
        </label>
        <FormError error={change.error} />
        {change.data && <p role="status">We sent a link to {change.data.pendingEmail}. Your address changes when you open it.</p>}
        <div>
          <button type="submit" className="secondary" disabled={change.isPending}>
            Send confirmation link
          </button>
        </div>
      </form>
    </section>
  );
}
