'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import type { RouterInputs } from '@/server/api/root';
import { TYPE_LABEL } from '@/app/_lib/memory-words';
import { endOfDay, MEMORY_TYPES, toDateInput, type Memory, type MemoryType } from './format';
import { useRefreshMemories } from './use-memory-actions';

type EditInput = RouterInputs['memories']['edit'];

/** Inline edit; sends only what changed, with the version it was based on (a stale edit is refused). */
/** `onDone(version)`: the new version once saved, or null when nothing changed or it was cancelled. */
export function EditMemoryForm({ memory, onDone }: { memory: Memory; onDone: (savedVersion: number | null) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const id = useId();
  const [summary, setSummary] = useState(memory.summary);
  const [type, setType] = useState<MemoryType>(memory.type);
  const [importance, setImportance] = useState(memory.importance);
  const [validUntil, setValidUntil] = useState(toDateInput(memory.validUntil));
  const edit = useMutation(
    trpc.memories.edit.mutationOptions({
      onSuccess: async (saved) => {
        await refresh();
        onDone(saved.version);
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: EditInput = { id: memory.id, version: memory.version };
    if (summary.trim() !== memory.summary) input.summary = summary;
    if (type !== memory.type) input.type = type;
    if (importance !== memory.importance) input.importance = importance;
    if (validUntil !== toDateInput(memory.validUntil)) input.validUntil = endOfDay(validUntil);
    if (Object.keys(input).length === 2) return onDone(null);
    edit.mutate(input);
  }

  return (
    <form className="mem-edit" onSubmit={submit} aria-label="Edit memory">
      <label htmlFor={`${id}-summary`}>Memory text</label>
      <textarea id={`${id}-summary`} value={summary} onChange={(e) => setSummary(e.target.value)} rows={2} maxLength={1000} required />
      <div className="mem-edit-row">
        <label>
          Type
          <select value={type} onChange={(e) => setType(e.target.value as MemoryType)}>
            {MEMORY_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Importance
          <select value={importance} onChange={(e) => setImportance(Number(e.target.value))}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          Valid until
          <input type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
        </label>
      </div>
      {edit.error && (
        <p className="form-error" role="alert">
          {edit.error.message}
        </p>
      )}
      <div className="mem-actions">
        <button type="submit" className="primary" disabled={edit.isPending}>
          Save
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
