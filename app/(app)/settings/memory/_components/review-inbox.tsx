'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/app/_lib/trpc';
import { rivalSummary, type Memory } from './format';
import { useMemoryPages } from './use-memory-pages';
import { useRefreshMemories } from './use-memory-actions';

/**
 * A conflicted memory names its rival only by summary; find that memory by searching for it.
 * If it cannot be found (edited or deleted since), plain confirm/reject still settles it.
 */
function ConflictActions({ memory }: { memory: Memory }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const rivalText = rivalSummary(memory.statusReason);
  const candidates = useQuery({
    ...trpc.memories.list.queryOptions({ status: ['active', 'conflicted', 'candidate'], search: rivalText ?? '', limit: 20 }),
    enabled: rivalText !== null,
  });
  const rival = candidates.data?.items.find((m) => m.id !== memory.id && m.summary === rivalText);
  const resolve = useMutation(trpc.memories.resolveConflict.mutationOptions({ onSuccess: refresh }));
  const confirm = useMutation(trpc.memories.confirm.mutationOptions({ onSuccess: refresh }));
  const reject = useMutation(trpc.memories.reject.mutationOptions({ onSuccess: refresh }));
  // Flagged after a move or a job change: "May be outdated: …" (server/memory/apply-memories.ts).
  const outdated = memory.statusReason?.startsWith('May be outdated') ?? false;
  const error = resolve.error ?? confirm.error ?? reject.error;
  const busy = resolve.isPending || confirm.isPending || reject.isPending;
  return (
    <>
      {rival ? (
        <div className="mem-conflict">
          <p className="muted">Contradicts: &ldquo;{rival.summary}&rdquo;</p>
          <div className="mem-actions">
            <button type="button" className="primary" disabled={busy} onClick={() => resolve.mutate({ keepId: memory.id, dropId: rival.id })}>
              Keep this one
            </button>
            <button type="button" disabled={busy} onClick={() => resolve.mutate({ keepId: rival.id, dropId: memory.id })}>
              Keep the other
            </button>
          </div>
        </div>
      ) : (
        <div className="mem-actions">
          <button type="button" className="primary" disabled={busy} onClick={() => confirm.mutate({ id: memory.id })}>
            {outdated ? 'Still true' : 'Confirm'}
          </button>
          <button type="button" disabled={busy} onClick={() => reject.mutate({ id: memory.id })}>
            {outdated ? 'Not any more' : 'Reject'}
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
    </>
  );
}

function CandidateActions({ memory }: { memory: Memory }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const confirm = useMutation(trpc.memories.confirm.mutationOptions({ onSuccess: refresh }));
  const reject = useMutation(trpc.memories.reject.mutationOptions({ onSuccess: refresh }));
  const error = confirm.error ?? reject.error;
  return (
    <>
      <div className="mem-actions">
        <button type="button" className="primary" disabled={confirm.isPending} onClick={() => confirm.mutate({ id: memory.id })}>
          Confirm
        </button>
        <button type="button" disabled={reject.isPending} onClick={() => reject.mutate({ id: memory.id })}>
          Reject
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
    </>
  );
}

/** Candidates and conflicts waiting for a yes/no; hidden when there are none. */
export function ReviewInbox() {
  const pages = useMemoryPages({ status: ['candidate', 'conflicted'], sort: 'created', limit: 50 });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return null;
  const more = pages.hasNextPage ? '+' : '';
  return (
    <section className="mem-section mem-inbox" aria-labelledby="mem-inbox-title">
      <h2 id="mem-inbox-title">
        Review <span className="mem-count-badge" aria-label={`${items.length}${more} waiting`}>{`${items.length}${more}`}</span>
      </h2>
      <p className="muted">Things Mindbase isn&apos;t sure about yet. Confirmed memories are used in replies; rejected ones are forgotten.</p>
      <ul className="mem-inbox-list">
        {items.map((m) => (
          <li key={m.id} className="mem-inbox-item" data-testid="review-item">
            <p className="mem-summary">
              <span className={`mem-badge mem-status-${m.status}`}>{m.status}</span> {m.summary}
            </p>
            {m.quote && <p className="muted">&ldquo;{m.quote}&rdquo;</p>}
            {m.status === 'candidate' && m.statusReason && (
              <p className="mem-reason muted" data-testid="review-reason">
                {m.statusReason}
              </p>
            )}
            {m.status === 'conflicted' ? <ConflictActions memory={m} /> : <CandidateActions memory={m} />}
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          Load more
        </button>
      )}
    </section>
  );
}
