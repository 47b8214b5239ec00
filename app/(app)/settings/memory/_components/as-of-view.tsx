'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { RouterOutputs } from '@/server/api/root';
import { memoryWord } from '@/app/_lib/memory-words';
import { useTRPC } from '@/app/_lib/trpc';
import { endOfDay, formatDate, formatDateTime, toDateInput } from './format';

type AsOfItem = RouterOutputs['memories']['asOf']['items'][number];

/** The moment a date (and optional time) picked in the form means; a day means its end, or now for today. */
function momentOf(day: string, time: string): Date | null {
  const picked = time ? new Date(`${day}T${time}`) : endOfDay(day);
  if (!picked || Number.isNaN(picked.getTime())) return null;
  return picked.getTime() > Date.now() && toDateInput(picked) === toDateInput(new Date()) ? new Date() : picked;
}

/** How the memory stands today compared with what it said then. */
function changeNote(item: AsOfItem): string | null {
  if (item.currentStatus !== 'active') return `now ${item.currentStatus}`;
  if (item.currentSummary !== item.summary) return `now reads “${item.currentSummary}”`;
  if (item.currentVersion !== item.version) return 'changed since';
  return null;
}

/**
 * "As of": what Mindbase believed about you at a past moment, i.e. the version of each memory that
 * was active then. Deleted memories are gone for good and never appear here.
 */
export function AsOfView() {
  const trpc = useTRPC();
  const id = useId();
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [at, setAt] = useState<Date | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const result = useQuery({ ...trpc.memories.asOf.queryOptions({ at: at ?? new Date(0) }), enabled: at !== null, staleTime: 60_000 });
  const serverError = result.error ? (result.error.data?.zodIssues?.[0]?.message ?? result.error.message) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const moment = day ? momentOf(day, time) : null;
    if (!moment) {
      setFormError('Pick a date first.');
      return;
    }
    if (moment.getTime() > Date.now()) {
      setFormError('That is in the future; pick today or an earlier date.');
      return;
    }
    setFormError(null);
    setAt(moment);
  }

  const items = result.data?.items ?? [];
  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>As of a past date</h2>
      <p className="muted">See what Mindbase believed about you at a moment in the past: each memory as it read then.</p>
      <form className="mem-asof-form" onSubmit={submit} noValidate>
        <label>
          Date
          <input type="date" value={day} max={toDateInput(new Date())} onChange={(e) => setDay(e.target.value)} required />
        </label>
        <label>
          Time (optional)
          <input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
        <button type="submit" disabled={result.isFetching}>
          Show
        </button>
      </form>
      {(formError ?? serverError) && (
        <p className="form-error" role="alert">
          {formError ?? serverError}
        </p>
      )}
      {result.data && (
        <div aria-live="polite" data-testid="as-of-result">
          <p className="mem-asof-head">
            As of {formatDateTime(result.data.at)}:{' '}
            {items.length === 0
              ? 'Mindbase remembered nothing about you.'
              : `${items.length}${result.data.truncated ? '+' : ''} ${items.length === 1 ? 'memory' : 'memories'} in use.`}
          </p>
          {result.data.truncated && <p className="muted">Showing the {items.length} most important.</p>}
          <ul className="mem-asof-list">
            {items.map((m) => {
              const note = changeNote(m);
              return (
                <li key={m.id} data-testid="as-of-item">
                  <p className="mem-summary">{m.summary}</p>
                  <p className="mem-meta">
                    <span>{memoryWord(m.type, m.kind)}</span>
                    <span>importance {m.importance}</span>
                    <span>
                      v{m.version} since {formatDate(m.since)}
                    </span>
                    {m.validUntil && <span>valid until {formatDate(m.validUntil)}</span>}
                    {note && <span className="mem-asof-change">{note}</span>}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
