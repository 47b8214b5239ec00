'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';

type Retention = 7 | 30 | 90 | null;

const RETENTION_OPTIONS: { value: string; label: string; days: Retention }[] = [
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: 'forever', label: 'Forever', days: null },
];

const retentionValue = (days: number | null) => (days === null ? 'forever' : String(days));

function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Raw-log retention, memory on/off and time zone; each change saves on its own. */
export function PrivacySettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery(trpc.account.settings.queryOptions());
  const [status, setStatus] = useState<string | null>(null);
  const [zoneDraft, setZoneDraft] = useState<string | null>(null);
  const zones = useMemo(supportedTimeZones, []);
  const update = useMutation(
    trpc.account.updateSettings.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.account.settings.queryKey(), next);
        setStatus('Saved.');
      },
      onError: () => setStatus(null),
    }),
  );

  if (settings.isPending) return <section className="mem-section">Loading settings…</section>;
  if (settings.isError) {
    return (
      <section className="mem-section">
        <p className="form-error" role="alert">
          {settings.error.message}
        </p>
      </section>
    );
  }
  const current = settings.data;
  const zone = zoneDraft ?? current.timeZone;

  function saveZone(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    update.mutate({ timeZone: zone.trim() }, { onSuccess: () => setZoneDraft(null) });
  }

  return (
    <section className="mem-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Privacy</h2>
      <div className="stack">
        <label className="mem-check">
          <input
            type="checkbox"
            checked={current.memoryEnabled}
            disabled={update.isPending}
            onChange={(e) => {
              setStatus(null);
              update.mutate({ memoryEnabled: e.target.checked });
            }}
            data-testid="memory-enabled"
          />
          Memory on
        </label>
        <p className="muted">
          {current.memoryEnabled
            ? 'Mindbase learns from your conversations and brings what it remembers into its replies.'
            : 'Memory is off: nothing new is remembered and nothing remembered is used in replies. Your existing memories are kept until you delete them.'}
        </p>

        <label className="mem-check">
          <input
            type="checkbox"
            checked={current.memoryNotices}
            disabled={update.isPending}
            onChange={(e) => {
              setStatus(null);
              update.mutate({ memoryNotices: e.target.checked });
            }}
            data-testid="memory-notices"
          />
          Show memory changes in the chat
        </label>
        <p className="muted">
          {current.memoryNotices
            ? 'Under each reply, a line says what was saved, updated or forgotten from your message, with Undo.'
            : 'The chat does not say when something is remembered; the Memory page still shows everything.'}
        </p>

        <label>
          Keep raw chat logs for
          <select
            value={retentionValue(current.retentionDays)}
            disabled={update.isPending}
            onChange={(e) => {
              const option = RETENTION_OPTIONS.find((o) => o.value === e.target.value);
              if (!option) return;
              setStatus(null);
              update.mutate({ retentionDays: option.days });
            }}
            data-testid="retention-days"
          >
            {RETENTION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <p className="muted">Messages older than this are deleted once their memories have been distilled. Memories keep their source quotes.</p>

        <form onSubmit={saveZone} className="stack">
          <label>
            Time zone
            <input
              value={zone}
              onChange={(e) => setZoneDraft(e.target.value)}
              list={`${id}-zones`}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              data-testid="time-zone"
            />
          </label>
          <datalist id={`${id}-zones`}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <div>
            <button type="submit" disabled={update.isPending || zone.trim() === current.timeZone}>
              Save time zone
            </button>
          </div>
        </form>
        <p className="muted">Used to understand &ldquo;tomorrow&rdquo; or &ldquo;next Friday&rdquo; in what you write.</p>

        {update.error && (
          <p className="form-error" role="alert">
            {update.error.message}
          </p>
        )}
        <p role="status" aria-live="polite" className="muted">
          {status}
        </p>
      </div>
    </section>
  );
}
