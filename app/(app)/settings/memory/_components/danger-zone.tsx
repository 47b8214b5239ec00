'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { useRefreshMemories } from './use-memory-actions';

const CONFIRMATION = 'DELETE ALL';

/** Delete every memory, behind a typed confirmation so it never happens by a stray click. */
export function DangerZone({ onNotice }: { onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const id = useId();
  const [typed, setTyped] = useState('');
  const deleteAll = useMutation(
    trpc.memories.deleteAll.mutationOptions({
      onSuccess: async (receipt) => {
        setTyped('');
        onNotice(`Deleted ${receipt.memories} ${receipt.memories === 1 ? 'memory' : 'memories'}. None of them will be recalled.`);
        await refresh();
      },
    }),
  );
  const ready = typed === CONFIRMATION;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) deleteAll.mutate({ confirm: CONFIRMATION });
  }

  return (
    <section className="mem-section mem-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Danger zone</h2>
      <form onSubmit={submit} className="stack">
        <p>
          Deletes every memory, its versions, search vectors and source links. This cannot be undone; export first if you want a copy.
        </p>
        <label>
          Type {CONFIRMATION} to confirm
          <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
        </label>
        {deleteAll.error && (
          <p className="form-error" role="alert">
            {deleteAll.error.message}
          </p>
        )}
        <div>
          <button type="submit" className="mem-danger-solid" disabled={!ready || deleteAll.isPending}>
            Delete all memories
          </button>
        </div>
      </form>
    </section>
  );
}
