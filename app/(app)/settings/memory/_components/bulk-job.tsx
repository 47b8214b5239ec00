'use client';

import { useEffect, useRef } from 'react';

/** How often the page asks how a running import or deletion is getting on. */
const POLL_MS = 1_000;

interface JobLike {
  jobId: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
}

/** react-query's refetchInterval: poll while the job runs, stop once it has an outcome. */
export function pollWhileRunning(query: { state: { data?: JobLike | null } }): number | false {
  return query.state.data?.status === 'running' ? POLL_MS : false;
}

/**
 * Calls `onFinish` once when a job this page watched running reaches its outcome (not for a job
 * that had already finished when the page opened).
 */
export function useWhenFinished<T extends JobLike>(job: T | null | undefined, onFinish: (job: T) => void) {
  const watched = useRef<string | null>(null);
  const callback = useRef(onFinish);
  useEffect(() => {
    callback.current = onFinish;
  });
  useEffect(() => {
    if (!job) return;
    if (job.status === 'running') watched.current = job.jobId;
    else if (watched.current === job.jobId) {
      watched.current = null;
      callback.current(job);
    }
  }, [job]);
}

/** A progress bar with its words: "1,200 of 10,000 memories written". */
export function JobProgress({ done, total, label }: { done: number; total: number; label: string }) {
  const n = (x: number) => x.toLocaleString();
  return (
    <div role="status" className="stack">
      <progress value={done} max={Math.max(total, 1)} aria-label={label} />
      <p className="muted">
        {label}: {n(Math.min(done, total))} of {n(total)}. You can keep using Mindbase meanwhile.
      </p>
    </div>
  );
}

/** What a tRPC error says to a person: the first input problem, or the server's message. */
export function errorText(error: { message: string; data?: { zodIssues?: { message: string }[] | null } | null }): string {
  return error.data?.zodIssues?.[0]?.message ?? error.message;
}
