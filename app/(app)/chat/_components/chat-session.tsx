'use client';

import { useChat } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { wasRejectedBeforeSaving } from './chat-errors';
import { messageText, type ChatUIMessage } from './chat-message';
import { createChatTransport } from './chat-transport';
import { Composer } from './composer';
import { MemoryToggle } from './memory-toggle';
import { MessageList } from './message-list';
import { NEW_CHAT_PARAM, newChatHandoff, useHandoff } from './new-chat-handoff';
import { useConversationMemory } from './use-conversation-memory';
import { useMemoryNotices } from './use-memory-notices';

interface ChatSessionProps {
  conversationId: string;
  initialMessages: ChatUIMessage[];
  /** No message sent yet: the conversation does not exist until its first message creates it. */
  isNew: boolean;
  /** "Don't remember this conversation" as stored (false for a new chat). */
  memoryDisabled: boolean;
}

type Trigger = 'submit-message' | 'regenerate-message';

const REVIEW_RECHECK_MS = 4_000;
// The offline model titles in milliseconds; a real one in about a second, at most its timeout.
const TITLE_RECHECK_MS = [600, 2_500, 9_000];

/** One conversation: its messages, the streaming reply, and the composer. */
export function ChatSession({ conversationId, initialMessages, isNew, memoryDisabled }: ChatSessionProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [transport] = useState(createChatTransport);
  const [stoppedIds, setStoppedIds] = useState<ReadonlySet<string>>(() => new Set());
  const exists = useRef(!isNew);
  const lastTrigger = useRef<Trigger>('submit-message');
  const titleRechecked = useRef(false);
  const memory = useConversationMemory({ conversationId, initialOff: memoryDisabled, existsRef: exists });
  const [preparing, setPreparing] = useState(false);
  // A provider's Retry-After, streamed just before its error (a 429 from the model, not from us).
  const [providerRetryAfter, setProviderRetryAfter] = useState<number | null>(null);

  const refreshConversationList = useCallback(() => {
    void queryClient.invalidateQueries(trpc.conversations.list.pathFilter());
  }, [queryClient, trpc]);

  // A turn can leave memories waiting for review (the sidebar badge); the slow channel writes
  // them just after the reply, so look again a moment later as well.
  const refreshReviewCount = useCallback(() => {
    const refresh = () => void queryClient.invalidateQueries(trpc.memories.reviewCount.pathFilter());
    refresh();
    window.setTimeout(refresh, REVIEW_RECHECK_MS);
  }, [queryClient, trpc]);

  const { messages, status, error, sendMessage, regenerate, stop } = useChat<ChatUIMessage>({
    id: conversationId,
    messages: initialMessages,
    transport,
    onData: (part) => {
      if (part.type === 'data-retry') setProviderRetryAfter(part.data.seconds);
    },
    onFinish: ({ message, isAbort }) => {
      if (isAbort) setStoppedIds((ids) => new Set(ids).add(message.id));
      refreshConversationList();
      refreshReviewCount();
      // The title is written just after the first reply (the reply never waits for it).
      if (isNew && !titleRechecked.current) {
        titleRechecked.current = true;
        for (const ms of TITLE_RECHECK_MS) window.setTimeout(refreshConversationList, ms);
      }
    },
  });

  // A reply streaming in means the server has stored the first message and so created the
  // conversation. Only now give it its address (without remounting: Next's router picks the
  // change up) and list it, so a refused first message never leaves a URL that answers 404.
  useEffect(() => {
    if (status !== 'streaming' || exists.current) return;
    exists.current = true;
    window.history.replaceState(null, '', `/chat/${conversationId}`);
    refreshConversationList();
  }, [status, conversationId, refreshConversationList]);

  // Back/forward between entries that all render the /chat page (a chat that began here and got
  // its address above, then "New chat") shows this empty session at another conversation's
  // address. Navigate to that address for real, which loads the conversation's own page.
  const pathname = usePathname();
  useEffect(() => {
    if (isNew && !exists.current && pathname !== '/chat') router.replace(pathname);
  }, [isNew, pathname, router]);

  const { beforeFirstSend } = memory;
  const handoff = useHandoff();
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      // "New chat" was clicked and its page is still loading: the message is the new chat's.
      if (newChatHandoff.holdMessage(text)) return true;
      lastTrigger.current = 'submit-message';
      setPreparing(true);
      try {
        // A new chat set to "don't remember" is created with the flag first; if that fails the
        // message is not sent, and the composer keeps its text.
        if (!(await beforeFirstSend())) return false;
        await sendMessage({ text });
        return true;
      } finally {
        setPreparing(false);
      }
    },
    [sendMessage, beforeFirstSend],
  );

  // The session that mounts after "New chat" takes what was sent or typed while it loaded: the
  // message is sent here, once, and a draft goes back into the composer.
  const [draft, setDraft] = useState<string | null>(null);
  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    if (isNew && new URLSearchParams(window.location.search).has(NEW_CHAT_PARAM)) window.history.replaceState(null, '', '/chat');
    const { message, draft: left } = newChatHandoff.take();
    if (message !== null && isNew) void send(message);
    const text = message !== null && !isNew ? message : left;
    if (text !== null) setDraft(text);
  }, [isNew, send]);

  // The new page never came: the held message returns to this composer, unsent.
  const heldAndStuck = !handoff.pending && handoff.message !== null;
  useEffect(() => {
    if (!heldAndStuck) return;
    const { message } = newChatHandoff.take();
    if (message !== null) setDraft(message);
  }, [heldAndStuck]);

  const regenerateReply = useCallback(() => {
    lastTrigger.current = 'regenerate-message';
    setProviderRetryAfter(null);
    void regenerate();
  }, [regenerate]);

  const retry = useCallback(() => {
    const last = messages.at(-1);
    if (error && lastTrigger.current === 'submit-message' && wasRejectedBeforeSaving(error) && last?.role === 'user') {
      // Same message, same place in the list: resend it rather than add a copy.
      void sendMessage({ text: messageText(last), messageId: last.id });
    } else {
      regenerateReply();
    }
  }, [messages, error, sendMessage, regenerateReply]);

  const stopReply = useCallback(() => void stop(), [stop]);

  // Each finished reply asks for its turn's memory notices, and keeps asking while extraction runs.
  const replies = messages.filter((m) => m.role === 'assistant').length;
  const notices = useMemoryNotices(conversationId, { replies, settled: status === 'ready' || status === 'error' });

  // While a new chat loads, the composer is the new chat's: free even if this reply still streams.
  const busy = !handoff.pending && (preparing || status === 'submitted' || status === 'streaming');
  return (
    <div className="chat-session">
      <MessageList
        messages={messages}
        status={status}
        error={error}
        stoppedIds={stoppedIds}
        onRegenerate={regenerateReply}
        onRetry={retry}
        retryAfterSeconds={providerRetryAfter}
        notices={notices.byReply}
      />
      <MemoryToggle
        off={memory.off}
        onToggle={memory.toggle}
        // While a new chat's first message is on its way its row may be half-made: wait for the reply.
        disabled={memory.saving || preparing || (status === 'submitted' && !exists.current)}
        error={memory.error}
      />
      {handoff.message !== null && (
        <p className="muted handoff-note" role="status">
          Starting a new chat with your message…
        </p>
      )}
      <Composer busy={busy || handoff.message !== null} onSend={send} onStop={stopReply} autoFocus={isNew} prefill={draft} onLeave={newChatHandoff.keepDraft} />
    </div>
  );
}
