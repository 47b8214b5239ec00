'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import type { Memory } from './format';
import { useRefreshMemories } from './use-memory-actions';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Confirms a hard delete after showing what it reaches (deletePreview). A native modal <dialog>:
 * focus trap, Escape and an inert background come free.
 */
export function DeleteMemoryDialog({ memory, onClose, onDeleted }: { memory: Memory | null; onClose: () => void; onDeleted: (text: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const preview = useQuery({ ...trpc.memories.deletePreview.queryOptions({ id: memory?.id ?? '' }), enabled: memory !== null, staleTime: 0 });
  const remove = useMutation(
    trpc.memories.delete.mutationOptions({
      onSuccess: async () => {
        onDeleted('Deleted. It will no longer be recalled.');
        onClose();
        await refresh();
      },
    }),
  );
  const { reset } = remove;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (memory && !dialog.open) {
      reset();
      dialog.showModal();
    }
    if (!memory && dialog.open) dialog.close();
  }, [memory, reset]);

  const p = preview.data;
  return (
    <dialog ref={dialogRef} className="mem-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} onClose={onClose}>
      <h2 id={`${id}-title`}>Delete this memory?</h2>
      <div id={`${id}-desc`}>
        <p>&ldquo;{memory?.summary}&rdquo; will be deleted for good and no longer recalled.</p>
        {preview.isPending && memory && <p className="muted">Checking what it touches…</p>}
        {p && (
          <ul className="mem-preview" data-testid="delete-preview">
            <li>{plural(p.versions, 'version')}</li>
            <li>{plural(p.sources, 'source quote')}</li>
            <li>{plural(p.vectors, 'search vector')}</li>
            <li>
              {plural(p.ledgerEntries, 'recall record')}, {plural(p.answersCiting, 'answer')} that used it
            </li>
            {p.linkedMemories.length > 0 && (
              <li>
                {plural(p.linkedMemories.length, 'linked memory', 'linked memories')} lose the link:{' '}
                {p.linkedMemories.map((m) => `“${m.summary}”`).join(', ')}
              </li>
            )}
            {p.mergedInto && (
              <li>
                the summary it was merged into, &ldquo;{p.mergedInto.summary}&rdquo;,{' '}
                {p.mergedInto.sourcesLeft >= 2 ? `is rebuilt from its ${p.mergedInto.sourcesLeft} other sources` : 'is removed (its other source becomes a memory of its own again)'}
              </li>
            )}
          </ul>
        )}
      </div>
      {(remove.error ?? preview.error) && (
        <p className="form-error" role="alert">
          {(remove.error ?? preview.error)?.message}
        </p>
      )}
      <div className="mem-dialog-actions">
        {/* First in order, so showModal() focuses it: the safe choice has the focus. */}
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="mem-danger-solid" disabled={remove.isPending || !memory} onClick={() => memory && remove.mutate({ id: memory.id })}>
          Delete
        </button>
      </div>
    </dialog>
  );
}
