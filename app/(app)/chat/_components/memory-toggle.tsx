'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '@/app/_lib/trpc';

interface MemoryToggleProps {
  off: boolean;
  onToggle: () => void;
  /** Saving, or a first reply is being requested (the conversation may be half-created). */
  disabled: boolean;
  error: string | null;
}

/** The per-conversation "Don't remember this conversation" switch above the composer. */
export function MemoryToggle({ off, onToggle, disabled, error }: MemoryToggleProps) {
  const trpc = useTRPC();
  // With memory off for the whole account the switch would change nothing: say so instead.
  const settings = useQuery({ ...trpc.account.settings.queryOptions(), staleTime: 60_000 });
  if (settings.data && !settings.data.memoryEnabled) {
    return (
      <div className="memory-toggle-row">
        <p className="memory-toggle-note" data-testid="memory-account-off">
          Memory is off for your account. <Link href="/settings/account">Privacy &amp; account</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="memory-toggle-row">
      <button
        type="button"
        className="memory-toggle"
        aria-pressed={off}
        aria-describedby="memory-toggle-note"
        disabled={disabled}
        onClick={onToggle}
        data-testid="memory-toggle"
      >
        <span className="memory-toggle-switch" aria-hidden="true" />
        Don&apos;t remember this conversation
      </button>
      <p id="memory-toggle-note" className="memory-toggle-note" role="status">
        {off ? 'Nothing said here becomes a memory.' : ''}
      </p>
      {error && (
        <p className="memory-toggle-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
