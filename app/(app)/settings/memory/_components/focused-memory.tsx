'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { MemoryCard } from './memory-card';

/** `?focus=<id>` (from the chat's memory ledger): that memory first, scrolled into view. */
export function FocusedMemory({ id, onNotice }: { id: string; onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const memory = useQuery(trpc.memories.get.queryOptions({ id }));
  const ref = useRef<HTMLElement>(null);
  const loaded = memory.data !== undefined;
  useEffect(() => {
    if (loaded) ref.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  if (memory.error) return <p className="mem-notice muted">That memory no longer exists.</p>;
  if (!memory.data) return null;
  return (
    <section ref={ref} className="mem-section" aria-label="Selected memory">
      <h2>Selected memory</h2>
      <MemoryCard memory={memory.data} onNotice={onNotice} highlight />
    </section>
  );
}
