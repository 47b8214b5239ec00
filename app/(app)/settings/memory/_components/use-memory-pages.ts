'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '@/app/_lib/trpc';
import type { RouterInputs } from '@/server/api/root';

export type ListInput = Omit<RouterInputs['memories']['list'], 'cursor'>;

/**
 * The memory list a page at a time (keyset cursor). Not `infiniteQueryOptions`: that adds
 * `direction` to the input, which the procedure's strict schema rejects. The key is still
 * tRPC's own, so invalidating `trpc.memories` refreshes this list too.
 */
export function useMemoryPages(input: ListInput, enabled = true) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useInfiniteQuery({
    queryKey: trpc.memories.list.infiniteQueryKey(input),
    queryFn: ({ pageParam, signal }) => client.memories.list.query({ ...input, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}
