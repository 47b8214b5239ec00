'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC, useTRPCClient } from '@/app/_lib/trpc';
import { actorLabel, formatDateTime } from './format';

const INPUT = { limit: 20 };

/** "memory.created" → "created", "memory.conflict_resolved" → "conflict resolved". */
const actionLabel = (action: string) => action.replace(/^memory\./, '').replace(/_/g, ' ');

/** Memory events (created, updated, deleted, exported, imported) and who did them. */
export function ActivityLog() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const id = useId();
  const pages = useInfiniteQuery({
    queryKey: trpc.memories.activity.infiniteQueryKey(INPUT),
    queryFn: ({ pageParam, signal }) => client.memories.activity.query({ ...INPUT, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Activity</h2>
      {pages.error && <p className="form-error">{pages.error.message}</p>}
      {pages.isSuccess && items.length === 0 && <p className="muted">Nothing yet.</p>}
      <ul className="mem-activity">
        {items.map((e) => (
          <li key={e.id} data-testid="activity-entry">
            <span className="mem-activity-action">{actionLabel(e.action)}</span>
            <span className="muted">by {actorLabel(e.actor)}</span>
            <time dateTime={e.createdAt.toISOString()} className="muted">
              {formatDateTime(e.createdAt)}
            </time>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          Load more activity
        </button>
      )}
    </section>
  );
}
