'use client';

import { memo } from 'react';
import type { MemoryNotice } from '@/server/memory/notices/schemas';
import { messageText, streamedNotices, toolCalls, type ChatUIMessage, type ToolCallView } from './chat-message';
import { CopyButton } from './copy-button';
import { RegenerateIcon } from './icons';
import { MarkdownText } from './markdown';
import { MemoryLedger } from './memory-ledger';
import { MemoryNotices } from './memory-notices';
import { TypingIndicator } from './typing-indicator';

interface MessageItemProps {
  message: ChatUIMessage;
  /** Stopped in this tab; a reloaded page learns it from the stored status instead. */
  stoppedHere: boolean;
  /** This reply is still streaming in. */
  streaming: boolean;
  /** Offer "Regenerate": the last reply, while nothing else is in flight. */
  canRegenerate: boolean;
  onRegenerate: () => void;
  /** What this turn changed in memory, as the server lists it now (undefined: nothing listed yet). */
  notices?: MemoryNotice[] | undefined;
}

/**
 * The server's list is the truth once it has the reply; until then the streamed notices show. A
 * streamed forget keeps its words (the stored one says only how many), so it is preferred.
 */
function noticesToShow(listed: MemoryNotice[] | undefined, streamed: MemoryNotice[] | null): MemoryNotice[] {
  if (!streamed) return listed ?? [];
  if (!listed) return streamed;
  const forgot = streamed.filter((n) => n.kind === 'forgot');
  return [...(forgot.length > 0 ? forgot : listed.filter((n) => n.kind === 'forgot')), ...listed.filter((n) => n.kind !== 'forgot')];
}

/**
 * The memory searches a real model made for this reply (changes and deletions have their own
 * lines from the reply's metadata), and any tool call that failed. Live and after a reload alike.
 */
function toolLine(call: ToolCallView): string | null {
  if (call.failed) return `A memory tool failed (${call.toolName})`;
  if (call.toolName !== 'search_memories') return null;
  const query = typeof call.input === 'object' && call.input !== null && typeof (call.input as { query?: unknown }).query === 'string' ? (call.input as { query: string }).query : '';
  return query ? `Searched memory for “${query}”` : 'Looked through memory';
}

function ToolTrail({ message }: { message: ChatUIMessage }) {
  const lines = toolCalls(message).flatMap((call) => {
    const line = toolLine(call);
    return line ? [{ id: call.id, line }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="memory-notices" aria-label="Memory tools used" data-testid="tool-trail">
      {lines.map((l) => (
        <li key={l.id} className="memory-notice">
          {l.line}
        </li>
      ))}
    </ul>
  );
}

// Memoised: while a reply streams only its own row re-renders, not the whole history.
export const MessageItem = memo(function MessageItem({ message, stoppedHere, streaming, canRegenerate, onRegenerate, notices }: MessageItemProps) {
  const text = messageText(message);

  if (message.role === 'user') {
    return (
      <article className="message message-user" data-testid="message" data-role="user" aria-label="You">
        <div className="message-bubble">{text}</div>
        <div className="message-actions">
          <CopyButton text={text} />
        </div>
      </article>
    );
  }
  if (message.role !== 'assistant') return null;

  const status = stoppedHere ? 'stopped' : (message.metadata?.status ?? 'complete');
  return (
    <article
      className="message message-assistant"
      data-testid="message"
      data-role="assistant"
      aria-label="Mindbase"
      aria-busy={streaming}
    >
      {text !== '' ? <MarkdownText text={text} /> : streaming ? <TypingIndicator /> : null}
      {!streaming && status === 'stopped' && <p className="message-note">Stopped</p>}
      {!streaming && status === 'error' && <p className="message-note message-note-error">This reply was cut short by an error.</p>}
      {!streaming && <ToolTrail message={message} />}
      {!streaming && (message.metadata?.memoryActions ?? []).length > 0 && (
        <ul className="memory-notices" aria-label="Memory changes">
          {message.metadata!.memoryActions!.map((a) => (
            <li key={`${a.action}-${a.memoryId}`} className="memory-notice">
              {a.action === 'updated' ? `Memory updated: ${a.summary}` : 'Memory forgotten'}
            </li>
          ))}
        </ul>
      )}
      {!streaming && <MemoryNotices replyId={message.id} notices={noticesToShow(notices, streamedNotices(message))} />}
      {!streaming && message.metadata?.recallNote && <p className="message-note">{message.metadata.recallNote}</p>}
      {!streaming && typeof message.metadata?.memoriesUsed === 'number' && (
        <MemoryLedger messageId={message.id} used={message.metadata.memoriesUsed} />
      )}
      {!streaming && (
        <div className="message-actions">
          {text !== '' && <CopyButton text={text} />}
          {canRegenerate && (
            <button type="button" className="icon-button" aria-label="Regenerate" title="Regenerate" onClick={onRegenerate}>
              <RegenerateIcon size={16} />
            </button>
          )}
        </div>
      )}
    </article>
  );
});
