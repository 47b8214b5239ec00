'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { memoryWord } from '@/app/_lib/memory-words';
import { useTRPC } from '@/app/_lib/trpc';
import { DeleteMemoryDialog } from './delete-memory-dialog';
import { EditMemoryForm } from './edit-memory-form';
import { formatDate, wasImported, type Memory } from './format';
import { MemoryHistory } from './memory-history';
import { useRefreshMemories } from './use-memory-actions';

function Source({ memory }: { memory: Memory }) {
  return (
    <div className="mem-source">
      {memory.quote && <blockquote data-testid="memory-quote">&ldquo;{memory.quote}&rdquo;</blockquote>}
      {memory.sourceConversationId ? (
        <Link href={`/chat/${memory.sourceConversationId}${memory.sourceMessageId ? `#m-${memory.sourceMessageId}` : ''}`}>Open conversation</Link>
      ) : wasImported(memory.statusReason) ? null : (
        <span className="muted">source purged</span>
      )}
    </div>
  );
}

function Dates({ memory }: { memory: Memory }) {
  return (
    <p className="mem-dates muted">
      {memory.occurredAt && <>happened {formatDate(memory.occurredAt)} · </>}
      created {formatDate(memory.createdAt)} · {memory.lastAccessedAt ? `last used ${formatDate(memory.lastAccessedAt)}` : 'never used'} · used{' '}
      {memory.accessCount} {memory.accessCount === 1 ? 'time' : 'times'}
      {memory.validUntil && <> · valid until {formatDate(memory.validUntil)}</>}
    </p>
  );
}

/** One memory with everything known about it and every action the user can take on it. */
export function MemoryCard({ memory, onNotice, highlight = false }: { memory: Memory; onNotice: (text: string) => void; highlight?: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [editing, setEditing] = useState(false);
  // "Saved" after an edit, until the next one (issue 15: an edit used to give no sign it worked).
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const options = { onSuccess: refresh };
  const pin = useMutation(trpc.memories.pin.mutationOptions(options));
  const unpin = useMutation(trpc.memories.unpin.mutationOptions(options));
  const restore = useMutation(trpc.memories.restore.mutationOptions(options));
  const confirm = useMutation(trpc.memories.confirm.mutationOptions(options));
  const reject = useMutation(trpc.memories.reject.mutationOptions(options));
  const error = [pin, unpin, restore, confirm, reject].find((m) => m.error)?.error;
  const busy = [pin, unpin, restore, confirm, reject].some((m) => m.isPending);
  const ref = { id: memory.id };

  return (
    <article className={`mem-card${highlight ? ' mem-card-focus' : ''}`} data-testid="memory-item" data-status={memory.status} aria-label={memory.summary}>
      <div className="mem-card-head">
        <p className="mem-summary">
          {memory.pinned && <span className="mem-badge mem-badge-pin">pinned</span>}
          {memory.summary}
        </p>
        <span className={`mem-badge mem-status-${memory.status}`}>{memory.status}</span>
      </div>
      <p className="mem-meta">
        <span title={`${memory.type} · ${memory.kind}`}>{memoryWord(memory.type, memory.kind)}</span>
        <span aria-label={`importance ${memory.importance} of 5`} title={`importance ${memory.importance} of 5`}>
          importance {'●'.repeat(memory.importance)}
          <span className="mem-dim">{'●'.repeat(5 - memory.importance)}</span>
        </span>
        <span>{memory.confidence} confidence</span>
        {memory.origin === 'assistant_inferred' && <span>inferred</span>}
        {memory.sensitive && <span className="mem-badge mem-badge-sensitive">sensitive</span>}
      </p>
      {memory.entities.length > 0 && (
        <ul className="mem-entities" aria-label="Entities">
          {memory.entities.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <Dates memory={memory} />
      {memory.statusReason && <p className="mem-reason muted">{memory.statusReason}</p>}
      <Source memory={memory} />

      {!editing && savedVersion !== null && (
        <p className="mem-saved" role="status">
          Saved as version {savedVersion}; History has the earlier one.
        </p>
      )}
      {editing ? (
        <EditMemoryForm
          memory={memory}
          onDone={(version) => {
            setEditing(false);
            setSavedVersion(version);
          }}
        />
      ) : (
        <div className="mem-actions">
          <button
            type="button"
            onClick={() => {
              setSavedVersion(null);
              setEditing(true);
            }}
          >
            Edit
          </button>
          {memory.status === 'candidate' && (
            <>
              <button type="button" className="primary" disabled={busy} onClick={() => confirm.mutate(ref)}>
                Confirm
              </button>
              <button type="button" disabled={busy} onClick={() => reject.mutate(ref)}>
                Reject
              </button>
            </>
          )}
          {memory.pinned ? (
            <button type="button" disabled={busy} onClick={() => unpin.mutate(ref)}>
              Unpin
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => pin.mutate(ref)}>
              Pin
            </button>
          )}
          {memory.status === 'archived' && (
            <button type="button" disabled={busy} onClick={() => restore.mutate(ref)}>
              Restore
            </button>
          )}
          <button type="button" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
            History
          </button>
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {showHistory && <MemoryHistory memory={memory} />}
      <DeleteMemoryDialog memory={deleting ? memory : null} onClose={() => setDeleting(false)} onDeleted={onNotice} />
    </article>
  );
}
