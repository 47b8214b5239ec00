'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import type { RouterOutputs } from '@/server/api/root';
import { errorText, JobProgress, pollWhileRunning, useWhenFinished } from './bulk-job';
import { useRefreshMemories } from './use-memory-actions';

const CONFIRMATION = 'DELETE ALL';

type DeleteAllJob = NonNullable<RouterOutputs['memories']['deleteAllStatus']>;
const memoriesWord = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'memory' : 'memories'}`;

/** The latest "delete all": hidden at once, then removed from storage (progress), then the receipt. */
function DeleteAllReport({ job }: { job: DeleteAllJob }) {
  if (job.status === 'running') return <JobProgress done={job.done} total={job.total} label="Removing deleted memories from storage" />;
  if (job.status !== 'done') return null;
  return (
    <p role="status" className="muted" data-testid="delete-all-result">
      Deleted {memoriesWord(job.memories)}, with {job.versions.toLocaleString()} versions, {job.vectors.toLocaleString()} search vectors and{' '}
      {job.sources.toLocaleString()} source links.{job.phase === 'erasing-disk' ? ' Wiping their text from the database files…' : ''}
    </p>
  );
}

/** Delete every memory, behind a typed confirmation so it never happens by a stray click. */
export function DangerZone({ onNotice }: { onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const id = useId();
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const status = useQuery(trpc.memories.deleteAllStatus.queryOptions(undefined, { refetchInterval: pollWhileRunning }));
  const deleteAll = useMutation(
    trpc.memories.deleteAll.mutationOptions({
      onSuccess: async (started) => {
        setTyped('');
        // Hidden already: gone from the list, recall and export; the job removes them from storage.
        onNotice(`Deleted ${memoriesWord(started.memories)}. None of them will be shown or recalled again.`);
        await refresh();
        queryClient.setQueryData(trpc.memories.deleteAllStatus.queryKey(), started);
      },
    }),
  );
  useWhenFinished(status.data, () => void refresh());
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
            {errorText(deleteAll.error)}
          </p>
        )}
        <div>
          <button type="submit" className="mem-danger-solid" disabled={!ready || deleteAll.isPending || status.data?.status === 'running'}>
            Delete all memories
          </button>
        </div>
      </form>
      {status.data && <DeleteAllReport job={status.data} />}
    </section>
  );
}
