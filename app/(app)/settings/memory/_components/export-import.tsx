'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
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
  const importMemories = useMutation(
    trpc.memories.import.mutationOptions({
      onSuccess: async (result) => {
        onNotice(`Added ${result.added}, skipped ${result.skipped}.`);
        if (fileRef.current) fileRef.current.value = '';
        await refresh();
      },
    }),
  );

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    importMemories.mutate({ json: await file.text() });
  }

  const result = importMemories.data;
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
        Import a Mindbase JSON export
        <input ref={fileRef} type="file" accept="application/json,.json" onChange={(e) => void onFile(e)} disabled={importMemories.isPending} />
      </label>
      {importMemories.isPending && <p className="muted">Importing…</p>}
      {importMemories.error && (
        <p className="form-error" role="alert">
          Nothing was imported: {importMemories.error.message}
        </p>
      )}
      {result && (
        <div data-testid="import-result">
          <p>
            Added {result.added}, skipped {result.skipped}.
          </p>
          {result.skippedItems.length > 0 && (
            <ul className="mem-skipped muted">
              {result.skippedItems.map((s) => (
                <li key={s.index}>
                  &ldquo;{s.summary}&rdquo;: {s.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
