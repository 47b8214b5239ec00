import type { UIMessage } from 'ai';
import type { RouterOutputs } from '@/server/api/root';

export type MessageStatus = 'complete' | 'stopped' | 'error';

/** What the server attaches to a message: its stored status, and the model that wrote a reply. */
export interface ChatMessageMetadata {
  status?: MessageStatus;
  model?: string;
  /** How many memories recall injected for this reply (the "used N memories" ledger). */
  memoriesUsed?: number;
}

/** Data parts the chat route streams. `title` is transient: it arrives through onData only. */
export type ChatDataTypes = {
  title: { conversationId: string; title: string };
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
    },
  }));
}
