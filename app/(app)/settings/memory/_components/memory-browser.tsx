'use client';

import { useId, useState } from 'react';
import { useDebouncedValue } from '@/app/(app)/chat/_components/use-debounced-value';
import { TYPE_LABEL } from '@/app/_lib/memory-words';
import { endOfDay, LIST_STATUSES, MEMORY_TYPES, REPLACED_STATUSES, startOfDay, type MemoryStatus, type MemoryType } from './format';
import { MemoryCard } from './memory-card';
import { useMemoryPages, type ListInput } from './use-memory-pages';

type Sort = NonNullable<ListInput['sort']>;
const PAGE_SIZE = 30;
const SORTS: { value: Sort; label: string }[] = [
  { value: 'created', label: 'Newest first' },
  { value: 'last_used', label: 'Recently used' },
  { value: 'importance', label: 'Most important' },
];

/** Filters, search and the paged list of memories. */
export function MemoryBrowser({ onNotice }: { onNotice: (text: string) => void }) {
  const id = useId();
  const [type, setType] = useState<MemoryType | ''>('');
  const [statuses, setStatuses] = useState<MemoryStatus[]>([...LIST_STATUSES]);
  const [showReplaced, setShowReplaced] = useState(false);
  const [sensitiveOnly, setSensitiveOnly] = useState(false);
  const [importanceMin, setImportanceMin] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('created');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);

  const status = [...statuses, ...(showReplaced ? REPLACED_STATUSES : [])];
  const input: ListInput = {
    status,
    sort,
    limit: PAGE_SIZE,
    ...(type ? { type } : {}),
    ...(sensitiveOnly ? { sensitive: true } : {}),
    ...(importanceMin > 1 ? { importanceMin } : {}),
    ...(from ? { from: startOfDay(from) ?? undefined } : {}),
    ...(to ? { to: endOfDay(to) ?? undefined } : {}),
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
  };
  const pages = useMemoryPages(input, status.length > 0);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const toggleStatus = (s: MemoryStatus, on: boolean) => setStatuses((prev) => (on ? [...prev, s] : prev.filter((x) => x !== s)));

  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your memories</h2>
      <div className="mem-filters" role="search">
        <label className="mem-search">
          Search memories
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. coffee" maxLength={200} />
        </label>
        <label>
          Type
          <select value={type} onChange={(e) => setType(e.target.value as MemoryType | '')}>
            <option value="">All types</option>
            {MEMORY_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort
          <select value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Importance at least
          <select value={importanceMin} onChange={(e) => setImportanceMin(Number(e.target.value))}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          Created from
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          Created to
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <fieldset className="mem-statuses">
          <legend>Status</legend>
          {LIST_STATUSES.map((s) => (
            <label key={s} className="mem-check">
              <input type="checkbox" checked={statuses.includes(s)} onChange={(e) => toggleStatus(s, e.target.checked)} />
              {s}
            </label>
          ))}
          <label className="mem-check">
            <input type="checkbox" checked={showReplaced} onChange={(e) => setShowReplaced(e.target.checked)} />
            show superseded / merged
          </label>
          <label className="mem-check">
            <input type="checkbox" checked={sensitiveOnly} onChange={(e) => setSensitiveOnly(e.target.checked)} />
            sensitive only
          </label>
        </fieldset>
      </div>

      {status.length === 0 && <p className="muted">Pick at least one status.</p>}
      {pages.error && (
        <p className="form-error" role="alert">
          {pages.error.message}
        </p>
      )}
      {pages.isPending && status.length > 0 && <p className="muted">Loading…</p>}
      {pages.isSuccess && items.length === 0 && (
        <p className="muted" data-testid="memory-empty">
          {debouncedSearch ? 'No memories match that search.' : 'No memories here yet. Tell Mindbase something in chat, e.g. “Remember that I like tea”.'}
        </p>
      )}
      <div className="mem-list" aria-busy={pages.isFetching}>
        {items.map((m) => (
          <MemoryCard key={m.id} memory={m} onNotice={onNotice} />
        ))}
      </div>
      {pages.hasNextPage && (
        <button type="button" className="mem-more" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
