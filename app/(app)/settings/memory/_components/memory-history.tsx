'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '@/app/_lib/trpc';
import { actorLabel, formatDateTime, type Memory } from './format';
import { useRefreshMemories } from './use-memory-actions';

/** "How did this memory change": every version, oldest first, each one revertable. */
export function MemoryHistory({ memory }: { memory: Memory }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const history = useQuery(trpc.memories.history.queryOptions({ id: memory.id }));
  const detail = useQuery(trpc.memories.get.queryOptions({ id: memory.id }));
  const revert = useMutation(trpc.memories.revert.mutationOptions({ onSuccess: refresh }));
  const versions = history.data ?? [];
  const latest = versions.at(-1)?.version;

  return (
    <div className="mem-history">
      <h3>History</h3>
      {history.isPending && <p className="muted">Loading…</p>}
      {history.error && <p className="form-error">{history.error.message}</p>}
      <ol className="mem-versions">
        {versions.map((v) => (
          <li key={v.version} data-testid="history-version">
            <p className="mem-version-head">
              <strong>v{v.version}</strong> · <span data-testid="history-actor">{actorLabel(v.actor)}</span> · {formatDateTime(v.createdAt)}
            </p>
            <p className="mem-version-reason muted">{v.reason}</p>
            {v.oldSummary !== null && v.oldSummary !== v.newSummary ? (
              <p>
                <del>{v.oldSummary}</del> → <ins>{v.newSummary}</ins>
              </p>
            ) : (
              <p>{v.newSummary}</p>
            )}
            {v.oldStatus !== v.newStatus && (
              <p className="muted">
                {v.oldStatus ?? 'new'} → {v.newStatus}
              </p>
            )}
            {v.version !== latest && (
              <button
                type="button"
                disabled={revert.isPending}
                onClick={() => revert.mutate({ id: memory.id, toVersion: v.version, version: memory.version })}
              >
                Revert to this version
              </button>
            )}
          </li>
        ))}
      </ol>
      {revert.error && (
        <p className="form-error" role="alert">
          {revert.error.message}
        </p>
      )}
      {detail.data && detail.data.sources.length > 0 && (
        <>
          <h3>Sources</h3>
          <ul className="mem-sources">
            {detail.data.sources.map((s, i) => (
              <li key={`${s.messageId ?? 'none'}-${i}`}>
                &ldquo;{s.quote}&rdquo;{' '}
                {s.conversationId && s.messageExists ? (
                  <Link href={`/chat/${s.conversationId}${s.messageId ? `#m-${s.messageId}` : ''}`}>open</Link>
                ) : (
                  <span className="muted">source purged</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
