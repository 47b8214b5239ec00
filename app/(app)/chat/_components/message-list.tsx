'use client';

import type { ChatStatus } from 'ai';
import { useLayoutEffect } from 'react';
import type { MemoryNotice } from '@/server/memory/notices/schemas';
import type { ChatUIMessage } from './chat-message';
import { ChatErrorNotice } from './chat-error-notice';
import { MessageItem } from './message-item';
import { TypingIndicator } from './typing-indicator';
import { useStickToBottom } from './use-stick-to-bottom';

interface MessageListProps {
  messages: ChatUIMessage[];
  status: ChatStatus;
  error: Error | undefined;
  stoppedIds: ReadonlySet<string>;
  onRegenerate: () => void;
  onRetry: () => void;
  /** The provider's Retry-After for an error that arrived mid-stream (the route's own come with the error). */
  retryAfterSeconds?: number | null;
  /** Memory notices by reply id, as the server lists them (issue 15). */
  notices?: ReadonlyMap<string, MemoryNotice[]>;
}

export function MessageList({ messages, status, error, stoppedIds, onRegenerate, onRetry, retryAfterSeconds = null, notices }: MessageListProps) {
  const { ref, onScroll, scrollToBottom } = useStickToBottom<HTMLDivElement>();
  const last = messages.at(-1);

  // Sending is a request to see the answer: follow it even if the reader had scrolled up.
  const lastUserMessageId = last?.role === 'user' ? last.id : null;
  useLayoutEffect(() => {
    if (lastUserMessageId) scrollToBottom();
  }, [lastUserMessageId, scrollToBottom]);

  if (messages.length === 0) {
    return (
      <div className="message-scroll">
        <div className="chat-empty">
          <h1>What&rsquo;s on your mind?</h1>
          <p className="muted">Mindbase remembers what matters from your conversations, so you don&rsquo;t have to repeat yourself.</p>
        </div>
      </div>
    );
  }

  const streamingId = status === 'streaming' && last?.role === 'assistant' ? last.id : null;
  return (
    <div className="message-scroll" ref={ref} onScroll={onScroll}>
      <div className="message-column" role="log" aria-label="Conversation" aria-live="off">
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            stoppedHere={stoppedIds.has(message.id)}
            streaming={message.id === streamingId}
            canRegenerate={status === 'ready' && message === last && message.role === 'assistant'}
            onRegenerate={onRegenerate}
            notices={notices?.get(message.id)}
          />
        ))}
        {/* Sent, but the reply has not started: show that something is happening. */}
        {status === 'submitted' && (
          <div className="message message-assistant message-pending">
            <TypingIndicator />
          </div>
        )}
        {status === 'error' && error && <ChatErrorNotice error={error} onRetry={onRetry} retryAfterSeconds={retryAfterSeconds} />}
      </div>
    </div>
  );
}
