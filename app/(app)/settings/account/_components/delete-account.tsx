'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { signOutAction } from '@/app/(auth)/actions';
import { useTRPC } from '@/app/_lib/trpc';

/** Mirrors server/account/delete-account.ts: accounts without an e-mail type this phrase. */
const PHRASE = 'DELETE MY ACCOUNT';

/**
 * Deletes the account behind a typed confirmation (the user's e-mail), then signs out through
 * the sign-out server action, which lands on /sign-in.
 */
export function DeleteAccount() {
  const trpc = useTRPC();
  const id = useId();
  const signOutForm = useRef<HTMLFormElement>(null);
  const me = useQuery(trpc.account.me.queryOptions());
  const [typed, setTyped] = useState('');
  const remove = useMutation(
    trpc.account.deleteAccount.mutationOptions({
      onSuccess: () => signOutForm.current?.requestSubmit(),
    }),
  );
  const expected = me.data ? (me.data.email ?? PHRASE) : null;
  const ready = expected !== null && typed === expected;
  const done = remove.isSuccess;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready && !remove.isPending && !done) remove.mutate({ confirm: typed });
  }

  return (
    <section className="mem-section mem-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delete account</h2>
      <form onSubmit={submit} className="stack">
        <p>
          Deletes your account and everything in it: conversations, messages, memories and their history, settings and sign-in
          details. This cannot be undone; export your memories first if you want a copy.
        </p>
        <label>
          Type {expected ? <strong>{expected}</strong> : 'your e-mail address'} to confirm
          <input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={320}
            disabled={done}
            data-testid="delete-account-confirm"
          />
        </label>
        {remove.error && (
          <p className="form-error" role="alert">
            {remove.error.data?.zodIssues?.[0]?.message ?? remove.error.message}
          </p>
        )}
        {done && (
          <p role="status" className="muted">
            Your account was deleted and nobody can sign in to it any more. Signing you out… What is left of it is removed
            from storage in the background within a few minutes.
          </p>
        )}
        <div>
          <button type="submit" className="mem-danger-solid" disabled={!ready || remove.isPending || done}>
            Delete my account
          </button>
        </div>
      </form>
      {/* Submitted once the delete succeeded: clears the session cookie and redirects to /sign-in. */}
      <form ref={signOutForm} action={signOutAction} hidden />
    </section>
  );
}
