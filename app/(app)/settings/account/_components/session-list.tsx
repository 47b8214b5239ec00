'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { signOutEverywhereAction } from '@/app/(auth)/account-actions';
import { signOutAction } from '@/app/(auth)/actions';
import { useTRPC } from '@/app/_lib/trpc';

const when = (date: Date) => date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the account is signed in, with "sign out" per session and everywhere. */
export function SessionList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const signOutForm = useRef<HTMLFormElement>(null);
  const list = useQuery(trpc.accountSecurity.sessions.queryOptions());
  const revoke = useMutation(
    trpc.accountSecurity.revokeSession.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.accountSecurity.sessions.queryKey() }),
    }),
  );

  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Signed-in sessions</h2>
      {list.isPending && <p>Loading…</p>}
      {list.isError && (
        <p className="form-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.data && (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
          {list.data.map((session) => (
            <li key={session.id} data-testid="session-row" data-current={session.current}>
              <strong>{session.device}</strong>
              {session.current && <span className="muted"> · this browser</span>}
              <br />
              <span className="muted">
                Signed in {when(session.signedInAt)} · last seen {when(session.lastSeenAt)}
              </span>
              <div className="mem-actions">
                {session.current ? (
                  <button type="button" className="secondary" onClick={() => signOutForm.current?.requestSubmit()}>
                    Sign out
                  </button>
                ) : (
                  <button type="button" className="secondary" onClick={() => revoke.mutate({ id: session.id })} disabled={revoke.isPending}>
                    Sign out
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {revoke.error && (
        <p className="form-error" role="alert">
          {revoke.error.message}
        </p>
      )}
      <form action={signOutEverywhereAction}>
        <button type="submit" className="danger">
          Sign out everywhere
        </button>
      </form>
      <form ref={signOutForm} action={signOutAction} hidden />
    </section>
  );
}
