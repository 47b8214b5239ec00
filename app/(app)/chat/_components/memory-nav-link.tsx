'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId } from 'react';
import { useTRPC } from '@/app/_lib/trpc';

/**
 * The sidebar link to the Memory page, with a badge counting the memories that wait for a yes/no
 * there. The count is looked up again whenever the window regains focus (a review done in another
 * tab) and after each chat turn (chat-session.tsx). The link keeps its name "Memory"; the count
 * is its description, so a screen reader hears "Memory, 3 memories wait for review".
 */
export function MemoryNavLink() {
  const trpc = useTRPC();
  const descriptionId = useId();
  const count = useQuery({ ...trpc.memories.reviewCount.queryOptions(), staleTime: 0, refetchOnWindowFocus: true });
  const total = count.data?.total ?? 0;
  return (
    <>
      <Link href="/settings/memory" className="footer-link" aria-describedby={total > 0 ? descriptionId : undefined}>
        Memory
        {total > 0 && (
          <span className="review-badge" aria-hidden="true" data-testid="review-badge">
            {total > 99 ? '99+' : total}
          </span>
        )}
      </Link>
      {total > 0 && (
        <span id={descriptionId} className="visually-hidden">
          {total === 1 ? '1 memory waits for review' : `${total} memories wait for review`}
        </span>
      )}
    </>
  );
}
