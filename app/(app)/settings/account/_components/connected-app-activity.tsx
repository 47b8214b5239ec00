'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/app/_lib/trpc';

const when = (date: Date) => date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const ACTION: Record<string, string> = { 'memory.created': 'remembered', 'memory.updated': 'changed', 'memory.deleted': 'forgot', 'memory.superseded': 'replaced' };

/** One app's reads (which memories each call returned) and writes, newest first. */
export function ConnectedAppActivity({ id }: { id: string }) {
  const trpc = useTRPC();
  const activity = useQuery(trpc.accessTokens.activity.queryOptions({ id }));
  if (activity.isPending) return <p className="muted">Loading…</p>;
  if (activity.isError) {
    return (
      <p className="form-error" role="alert">
        {activity.error.message}
      </p>
    );
  }
  const { entries } = activity.data;
  if (entries.length === 0) return <p className="muted">This app has not read or written anything yet.</p>;
  return (
    <ul className="mem-activity" data-testid="app-activity">
      {entries.map((e) => (
        <li key={e.id} data-testid="app-activity-entry" data-action={e.action}>
          {e.action === 'memory.read' ? (
            <>
              <span className="mem-activity-action">
                read {e.memories.length} {e.memories.length === 1 ? 'memory' : 'memories'}
              </span>{' '}
              <span className="muted">({e.tool})</span>
              {e.memories.length > 0 && (
                <ul>
                  {e.memories.map((m) => (
                    <li key={m.id}>{m.summary ?? <span className="muted">a memory deleted since</span>}</li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <>
              <span className="mem-activity-action">{ACTION[e.action] ?? e.action.replace(/^memory\./, '').replace(/_/g, ' ')}</span>{' '}
              {e.summary && <span>{e.summary}</span>}
            </>
          )}{' '}
          <time dateTime={e.createdAt.toISOString()} className="muted">
            {when(e.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
