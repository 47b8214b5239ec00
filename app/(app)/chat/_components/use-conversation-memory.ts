'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useTRPC } from '@/app/_lib/trpc';

interface Options {
  conversationId: string;
  initialOff: boolean;
  /** Whether the conversation has a row yet: a new chat gets one with its first message. */
  existsRef: RefObject<boolean>;
}

/**
 * "Don't remember this conversation". In a chat that exists the flag is saved at once. A new chat
 * has nothing to save it on, so the choice waits and `beforeFirstSend` creates the conversation
 * with the flag set before the first message goes out: that message is covered too.
 */
export function useConversationMemory({ conversationId, initialOff, existsRef }: Options) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [off, setOff] = useState(initialOff);
  const created = useRef(false);
  const save = useMutation(
    trpc.conversations.setMemoryDisabled.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.conversations.list.pathFilter()),
    }),
  );
  const toggle = useCallback(() => {
    const next = !off;
    setOff(next);
    save.reset();
    if (!(existsRef.current || created.current)) return;
    save.mutate({ id: conversationId, disabled: next }, { onError: () => setOff(!next) });
  }, [off, save, existsRef, conversationId]);

  /** Resolves false (and shows why) when the flag could not be saved: the message is not sent. */
  const beforeFirstSend = useCallback(async (): Promise<boolean> => {
    if (!off || existsRef.current || created.current) return true;
    try {
      await save.mutateAsync({ id: conversationId, disabled: true, create: true });
      created.current = true;
      return true;
    } catch {
      return false;
    }
  }, [off, save, existsRef, conversationId]);

  return { off, toggle, beforeFirstSend, saving: save.isPending, error: save.error?.message ?? null };
}
