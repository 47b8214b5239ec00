'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { memoryWord } from '@/app/_lib/memory-words';
import { useTRPC } from '@/app/_lib/trpc';
import type { RouterOutputs } from '@/server/api/root';
import { config } from '@/server/config';
import { ASSISTANTS, askPrompt, assistantName, type Assistant } from '@/server/memory/manage/assistant-import/assistants';
import { errorText, pollWhileRunning, useWhenFinished } from './bulk-job';
import { useRefreshMemories } from './use-memory-actions';

type Preview = RouterOutputs['memories']['previewAssistantImport'];
type PreviewItem = Preview['items'][number];
type ImportJob = NonNullable<RouterOutputs['memories']['importStatus']>;

const { maxChars } = config.bulk.assistantImport;
const choice = (a: Assistant) => assistantName(a).replace(/^a/, 'A');

/** What would happen to an item, in plain words. */
function statusWords(item: PreviewItem): string {
  switch (item.status) {
    case 'saved':
      return 'Will be saved';
    case 'review':
      return `Needs your review: ${item.reason ?? ''}`;
    case 'not_saved':
      return `Not saved: ${item.reason ?? ''}`;
    default:
      return `Not saved again: ${item.reason ?? 'a duplicate'}`;
  }
}

/** "Saved 7, 1 sent to review, 1 not saved": what the finished import did. */
export function importSummary(job: Pick<ImportJob, 'added' | 'review' | 'notSaved' | 'duplicates' | 'skipped'>): string {
  const parts = [`Saved ${job.added - job.review}`];
  if (job.review > 0) parts.push(`${job.review} sent to review`);
  if (job.notSaved > 0) parts.push(`${job.notSaved} not saved`);
  if (job.duplicates > 0) parts.push(`${job.duplicates} already in your memory`);
  const byYou = job.skipped - job.notSaved - job.duplicates;
  if (byYou > 0) parts.push(`${byYou} skipped`);
  return `${parts.join(', ')}.`;
}

function PreviewList({ preview, skipped, onToggle }: { preview: Preview; skipped: ReadonlySet<number>; onToggle: (index: number) => void }) {
  return (
    <ul className="mem-paste-list" aria-label="What would be imported">
      {preview.items.map((item) => {
        const savable = item.status === 'saved' || item.status === 'review';
        const kept = savable && !skipped.has(item.index);
        return (
          <li key={item.index} className="mem-paste-item" data-testid="paste-item" data-status={item.status}>
            <label className="mem-paste-keep">
              <input type="checkbox" checked={kept} disabled={!savable} onChange={() => onToggle(item.index)} aria-label={`Keep "${item.summary}"`} />
              <span className="mem-summary">{item.summary}</span>
            </label>
            <p className="mem-meta">
              <span>{memoryWord(item.type, item.kind)}</span>
              {item.sensitive && <span className="mem-badge mem-badge-sensitive">sensitive</span>}
            </p>
            <p className={`mem-paste-status mem-paste-${item.status}`} data-testid="paste-status">
              {savable && !kept ? 'Skipped by you' : statusWords(item)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Issue 15: paste what ChatGPT, Claude or Gemini print when asked what they remember, preview
 * what each line becomes (the server reads it with the same rules and validation as a chat),
 * keep or skip each, and save. The save sends the text again, never the preview's items.
 */
export function AssistantImport({ onNotice }: { onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const queryClient = useQueryClient();
  const id = useId();
  const [assistant, setAssistant] = useState<Assistant>('chatgpt');
  const [text, setText] = useState('');
  const [skipped, setSkipped] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const statusKey = trpc.memories.importStatus.queryKey();
  const status = useQuery(trpc.memories.importStatus.queryOptions(undefined, { refetchInterval: pollWhileRunning }));
  const preview = useMutation(trpc.memories.previewAssistantImport.mutationOptions({ onSuccess: () => setSkipped(new Set()) }));
  const save = useMutation(
    trpc.memories.saveAssistantImport.mutationOptions({
      onSuccess: (started) => {
        setWatching(started.jobId);
        queryClient.setQueryData(statusKey, started);
      },
    }),
  );
  const job = status.data && status.data.jobId === watching ? status.data : null;
  useWhenFinished(job, (finished) => {
    setWatching(null);
    if (finished.status !== 'done') {
      setResult({ ok: false, text: finished.error ?? 'The import was stopped; nothing was imported.' });
      return;
    }
    const summary = importSummary(finished);
    setResult({ ok: true, text: summary });
    onNotice(`Import from ${assistantName(finished.from ?? 'other')}: ${summary}`);
    setText('');
    preview.reset();
    void refresh();
  });

  const items = preview.data?.items ?? [];
  const toKeep = items.filter((item) => (item.status === 'saved' || item.status === 'review') && !skipped.has(item.index)).length;
  const saving = save.isPending || job?.status === 'running';
  const busy = preview.isPending || saving;
  const tooLong = text.length > maxChars;
  const toggle = (index: number) =>
    setSkipped((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const edit = (next: string) => {
    setText(next);
    setResult(null);
    // A preview belongs to the text it read: a changed text is previewed again.
    if (preview.data) preview.reset();
    save.reset();
  };
  const error = preview.error ?? save.error;

  return (
    <section className="mem-section" aria-labelledby={`${id}-title`} data-testid="assistant-import">
      <h2 id={`${id}-title`}>Import from another assistant</h2>
      <p className="muted">Bring what ChatGPT, Claude or Gemini remember about you. You see every item before anything is saved.</p>
      <div className="mem-paste-form">
        <label>
          Assistant{' '}
          <select
            value={assistant}
            onChange={(e) => {
              setAssistant(e.target.value as Assistant);
              setResult(null);
            }}
            disabled={busy}
          >
            {ASSISTANTS.map((a) => (
              <option key={a} value={a}>
                {choice(a)}
              </option>
            ))}
          </select>
        </label>
        <p className="muted" data-testid="paste-hint">
          {askPrompt(assistant)} Then paste its answer here.
        </p>
        <label className="mem-paste-label">
          What {assistant === 'other' ? 'your assistant' : assistantName(assistant)} remembers
          <textarea value={text} onChange={(e) => edit(e.target.value)} rows={8} disabled={saving} placeholder={'- Is vegetarian\n- Works as a nurse in Lyon\n- Prefers concise answers'} />
        </label>
        {tooLong && (
          <p className="form-error" role="alert">
            This is {text.length.toLocaleString()} characters; paste at most {maxChars.toLocaleString()} at a time.
          </p>
        )}
        <div className="mem-actions">
          <button type="button" disabled={busy || tooLong || text.trim() === ''} onClick={() => preview.mutate({ text, assistant })}>
            {preview.isPending ? 'Reading…' : 'Preview'}
          </button>
          {preview.data && (
            <button type="button" className="primary" disabled={busy || toKeep === 0} onClick={() => save.mutate({ text, assistant, skip: [...skipped] })}>
              {saving ? 'Saving…' : `Save ${toKeep} ${toKeep === 1 ? 'memory' : 'memories'}`}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          Nothing was imported: {errorText(error)}
        </p>
      )}
      {preview.data && items.length === 0 && <p className="muted">No memories found in this text. Paste the assistant&apos;s list itself, one item per line.</p>}
      {preview.data && items.length > 0 && <PreviewList preview={preview.data} skipped={skipped} onToggle={toggle} />}
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? undefined : 'form-error'} data-testid="paste-result">
          {result.text}
        </p>
      )}
    </section>
  );
}
