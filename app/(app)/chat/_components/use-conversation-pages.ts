'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '@/app/_lib/trpc';
import { config } from '@/server/config';

/**
 * The conversation list a page at a time (keyset cursor), filtered by title.
 *
 * Not `trpc.conversations.list.infiniteQueryOptions`: that adds `direction` to the input, which
 * the procedure's strict input schema rejects. The query key is still tRPC's own, so
 * invalidating `trpc.conversations.list` refreshes this list like any other.
 */
export function useConversationPages(search: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { limit: config.chat.conversationsPageSize, search: search === '' ? undefined : search };
  return useInfiniteQuery({
    queryKey: trpc.conversations.list.infiniteQueryKey(input),
    queryFn: ({ pageParam, signal }) => client.conversations.list.query({ ...input, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While a new search runs, keep showing the last results instead of blanking the list.
    placeholderData: keepPreviousData,
  });
}
