'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { config } from '@/server/config';
import type { MemoryNotice } from '@/server/memory/notices/schemas';

const { pollMs, maxPolls } = config.chat.notices;

/**
 * The memory notices of one conversation, by reply id (issue 15). The background extraction
 * lands a few seconds after a reply, so while the server says a turn is pending the list is asked
 * again every pollMs; each settled reply starts the count again, a job that never comes ends it.
 * Until the conversation has a reply it may not exist yet, so nothing is asked.
 */
export function useMemoryNotices(conversationId: string, turn: { replies: number; settled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const polls = useRef(0);
  const query = useQuery({
    ...trpc.notices.forConversation.queryOptions({ conversationId }),
    enabled: turn.replies > 0,
    refetchInterval: (q) => {
      if (!q.state.data?.pending || polls.current >= maxPolls) return false;
      polls.current += 1;
      return pollMs;
    },
  });
  const { replies, settled } = turn;
  useEffect(() => {
    if (!settled || replies === 0) return;
    polls.current = 0;
    void queryClient.invalidateQueries({ queryKey: trpc.notices.forConversation.queryKey({ conversationId }) });
  }, [settled, replies, conversationId, queryClient, trpc]);
  const byReply = useMemo(() => new Map<string, MemoryNotice[]>((query.data?.turns ?? []).map((t) => [t.messageId, t.notices])), [query.data]);
  return { byReply };
}
