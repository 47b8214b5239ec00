'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId } from 'react';
import { useTRPC, useTRPCClient } from '@/app/_lib/trpc';
import { actorLabel, formatDateTime } from './format';

const INPUT = { limit: 20 };

/** "memory.created" → "created", "memory.conflict_resolved" → "conflict resolved". */
const actionLabel = (action: string) => action.replace(/^memory\./, '').replace(/_/g, ' ');

/** Issue 17: what a connected app read, one entry per tool call ("read 3 memories"). */
const READ_ACTION = 'memory.read';
const readLabel = (detail: Record<string, unknown>) => {
  const n = Array.isArray(detail.memoryIds) ? detail.memoryIds.length : 0;
  return `read ${n} ${n === 1 ? 'memory' : 'memories'}`;
};

/**
 * Which memory an entry is about (issue 15), linked to it; a deleted one's entries keep no words
 * (server/memory/delete-memory.ts scrubs them), so they say only that.
 */
function MemoryName({ memoryId, detail }: { memoryId: string | null; detail: Record<string, unknown> }) {
  if (!memoryId) return null;
  if (typeof detail.summary !== 'string') return <span className="muted">a deleted memory</span>;
  return (
    <Link href={`/settings/memory?focus=${memoryId}`} className="mem-activity-memory">
      {detail.summary}
    </Link>
  );
}

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
            <span className="mem-activity-action">{e.action === READ_ACTION ? readLabel(e.detail) : actionLabel(e.action)}</span>
            <MemoryName memoryId={e.memoryId} detail={e.detail} />
            <span className="muted">by {e.appName ?? actorLabel(e.actor)}</span>
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
