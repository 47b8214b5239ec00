import type { UIMessage } from 'ai';
import type { RouterOutputs } from '@/server/api/root';
import type { MemoryAction } from '@/server/chat/memory-actions';
import type { MemoryNotice } from '@/server/memory/notices/schemas';

function isMemoryAction(value: unknown): value is MemoryAction {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.memoryId === 'string' && (v.action === 'forgotten' || (v.action === 'updated' && typeof v.summary === 'string'));
}

export type MessageStatus = 'complete' | 'stopped' | 'error';

/** What the server attaches to a message: its stored status, and the model that wrote a reply. */
export interface ChatMessageMetadata {
  status?: MessageStatus;
  model?: string;
  /** How many memories recall injected for this reply (the "used N memories" ledger). */
  memoriesUsed?: number;
  /** What the model's memory tools changed while writing this reply. */
  memoryActions?: MemoryAction[];
  /** Why recall ran with fewer routes than usual (e.g. the embedder was down). */
  recallNote?: string;
}

/** Data parts the chat route streams (transient: they arrive through onData only). */
export type ChatDataTypes = {
  /** The model provider's Retry-After, sent just before its error. */
  retry: { seconds: number };
  /** What the fast channel just did to memory (issue 15); kept in the reply's parts for this session. */
  'memory-notices': { notices: MemoryNotice[] };
};

export type ChatUIMessage = UIMessage<ChatMessageMetadata, ChatDataTypes>;

export type StoredMessage = RouterOutputs['conversations']['get']['messages'][number];

export function messageText(message: Pick<ChatUIMessage, 'parts'>): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** Messages as stored in the database, in the shape useChat renders and continues from. */
export function toChatUIMessages(rows: readonly StoredMessage[]): ChatUIMessage[] {
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    parts: [{ type: 'text', text: row.content }],
    metadata: {
      status: row.status,
      // metadata is free-form JSON on the server; only a string model id is shown.
      ...(typeof row.metadata.model === 'string' ? { model: row.metadata.model } : {}),
      ...(typeof row.metadata.memoriesUsed === 'number' ? { memoriesUsed: row.metadata.memoriesUsed } : {}),
      ...(Array.isArray(row.metadata.memoryActions) ? { memoryActions: row.metadata.memoryActions.filter(isMemoryAction) } : {}),
      ...(typeof row.metadata.recallNote === 'string' ? { recallNote: row.metadata.recallNote } : {}),
    },
  }));
}

/** The notices streamed with a reply (the fast channel's), if any. */
export function streamedNotices(message: Pick<ChatUIMessage, 'parts'>): MemoryNotice[] | null {
  for (const part of message.parts) if (part.type === 'data-memory-notices') return part.data.notices;
  return null;
}
