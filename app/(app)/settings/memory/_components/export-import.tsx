'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import type { RouterOutputs } from '@/server/api/root';
import { config } from '@/server/config';
import { errorText, JobProgress, pollWhileRunning, useWhenFinished } from './bulk-job';
import { useRefreshMemories } from './use-memory-actions';

function download(filename: string, contentType: string, body: string) {
  const url = URL.createObjectURL(new Blob([body], { type: contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not now: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type ImportJob = NonNullable<RouterOutputs['memories']['importStatus']>;

const { maxFileChars, maxMemories } = config.bulk.import;
const mb = (chars: number) => (chars / 1024 / 1024).toFixed(chars % (1024 * 1024) === 0 ? 0 : 1);
const count = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'memory' : 'memories'}`;

/** The latest import: its progress while it runs, then what it added and skipped, or why it failed. */
function ImportReport({ job }: { job: ImportJob }) {
  if (job.status === 'running') {
    if (job.phase === 'undoing') return <JobProgress done={job.total - job.done} total={job.total} label="The import failed; removing what it had added" />;
    if (job.phase === 'staging') return <p className="muted" role="status">Preparing the import…</p>;
    return <JobProgress done={job.done} total={job.total} label="Importing memories" />;
  }
  if (job.status === 'failed' || job.status === 'cancelled') {
    return (
      <p className="form-error" role="alert" data-testid="import-result">
        {job.error ?? 'The import was stopped; nothing was imported.'}
      </p>
    );
  }
  return (
    <div data-testid="import-result" role="status">
      <p>
        Added {count(job.added)}, skipped {job.skipped}.
      </p>
      {job.skippedItems.length > 0 && (
        <ul className="mem-skipped muted">
          {job.skippedItems.map((s) => (
            <li key={s.index}>
              &ldquo;{s.summary}&rdquo;: {s.reason}
            </li>
          ))}
        </ul>
      )}
      {job.skipped > job.skippedItems.length && <p className="muted">…and {job.skipped - job.skippedItems.length} more skipped.</p>}
    </div>
  );
}

/** Export everything as JSON (re-importable) or Markdown; import our own JSON export. */
export function ExportImport({ onNotice }: { onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const exportMemories = useMutation(
    trpc.memories.export.mutationOptions({
      onSuccess: async (file) => {
        download(file.filename, file.contentType, file.body);
        onNotice(`Exported ${file.count} ${file.count === 1 ? 'memory' : 'memories'}.`);
        await refresh();
      },
    }),
  );
  const queryClient = useQueryClient();
  const statusKey = trpc.memories.importStatus.queryKey();
  const [fileError, setFileError] = useState<string | null>(null);
  // The latest import, polled while it runs (the job writes it in the background).
  const status = useQuery(trpc.memories.importStatus.queryOptions(undefined, { refetchInterval: pollWhileRunning }));
  const importMemories = useMutation(
    trpc.memories.import.mutationOptions({
      onSuccess: (started) => {
        queryClient.setQueryData(statusKey, started);
        if (fileRef.current) fileRef.current.value = '';
      },
    }),
  );
  // A list pasted from another assistant is an import too (assistant-import.tsx reports it).
  const fileJob = status.data && status.data.from === null ? status.data : null;
  useWhenFinished(fileJob, (job) => {
    onNotice(job.status === 'done' ? `Import finished: added ${count(job.added)}, skipped ${job.skipped}.` : 'The import failed; nothing was imported.');
    void refresh();
  });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFileError(null);
    importMemories.reset();
    if (!file) return;
    const json = await file.text();
    if (json.length > maxFileChars) {
      setFileError(`This file is ${mb(json.length)} MB; an import file is at most ${mb(maxFileChars)} MB. Nothing was imported.`);
      return;
    }
    importMemories.mutate({ json });
  }

  const job = status.data;
  const running = job?.status === 'running' || importMemories.isPending;
  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Export and import</h2>
      <p className="muted">A complete copy of your memory: JSON to keep or re-import, Markdown to read.</p>
      <div className="mem-actions">
        <button type="button" disabled={exportMemories.isPending} onClick={() => exportMemories.mutate({ format: 'json' })}>
          Export JSON
        </button>
        <button type="button" disabled={exportMemories.isPending} onClick={() => exportMemories.mutate({ format: 'markdown' })}>
          Export Markdown
        </button>
      </div>
      {exportMemories.error && (
        <p className="form-error" role="alert">
          {exportMemories.error.message}
        </p>
      )}
      <label className="mem-import">
        Import a Mindbase JSON export (up to {mb(maxFileChars)} MB, {maxMemories.toLocaleString()} memories)
        <input ref={fileRef} type="file" accept="application/json,.json" onChange={(e) => void onFile(e)} disabled={running} />
      </label>
      {importMemories.isPending && <p className="muted">Reading the file…</p>}
      {(fileError ?? importMemories.error) && (
        <p className="form-error" role="alert">
          {fileError ?? `Nothing was imported: ${errorText(importMemories.error!)}`}
        </p>
      )}
      {fileJob && !importMemories.isPending && <ImportReport job={fileJob} />}
    </section>
  );
}
