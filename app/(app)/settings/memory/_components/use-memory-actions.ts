'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '@/app/_lib/trpc';

/** Any change to one memory can move it between lists, counts and the activity log: refresh them all. */
export function useRefreshMemories() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(trpc.memories.pathFilter()), [queryClient, trpc]);
}
