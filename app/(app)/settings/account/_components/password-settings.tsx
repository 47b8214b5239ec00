'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { FieldError, FormError } from './form-errors';

/** Change of password: the current one is required; every other browser is signed out. */
export function PasswordSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useMutation(
    trpc.accountSecurity.changePassword.mutationOptions({
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword('');
        void queryClient.invalidateQueries({ queryKey: trpc.accountSecurity.sessions.queryKey() });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!change.isPending) change.mutate({ currentPassword, newPassword });
  }

  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Password</h2>
      <form onSubmit={submit} noValidate className="stack">
        <input type="hidden" name="username" autoComplete="username" />
        <label>
          Current password
          <input type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
          <FieldError error={change.error} field="currentPassword" />
        </label>
        <label>
          New password
          <input type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
          <FieldError error={change.error} field="newPassword" />
        </label>
        <FormError error={change.error} />
        {change.data && (
          <p role="status">
            Password changed.{' '}
            {change.data.otherSessionsEnded > 0
              ? `${change.data.otherSessionsEnded} other ${change.data.otherSessionsEnded === 1 ? 'browser was' : 'browsers were'} signed out.`
              : ''}
          </p>
        )}
        <div>
          <button type="submit" className="secondary" disabled={change.isPending}>
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
