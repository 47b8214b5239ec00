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

type StoredPart = StoredMessage['parts'][number];

/** A stored part as the UI part useChat renders: text, or a finished tool call. */
function toUIPart(part: StoredPart): ChatUIMessage['parts'][number] {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const base = { type: 'dynamic-tool' as const, toolName: part.toolName, toolCallId: part.toolCallId, input: part.input };
  return part.state === 'output-error' ? { ...base, state: 'output-error', errorText: part.errorText ?? '' } : { ...base, state: 'output-available', output: part.output };
}

/** A tool call in a reply, live (`tool-<name>`) or reloaded (`dynamic-tool`), as the chat shows it. */
export interface ToolCallView {
  id: string;
  toolName: string;
  input: unknown;
  failed: boolean;
}

export function toolCalls(message: Pick<ChatUIMessage, 'parts'>): ToolCallView[] {
  const calls: ToolCallView[] = [];
  for (const part of message.parts) {
    if (part.type === 'dynamic-tool') {
      calls.push({ id: part.toolCallId, toolName: part.toolName, input: part.input, failed: part.state === 'output-error' });
    } else if (part.type.startsWith('tool-') && 'toolCallId' in part) {
      const p = part as { toolCallId: string; state: string; input?: unknown };
      calls.push({ id: p.toolCallId, toolName: part.type.slice('tool-'.length), input: p.input, failed: p.state === 'output-error' });
    }
  }
  return calls;
}

/** Messages as stored in the database, in the shape useChat renders and continues from. */
export function toChatUIMessages(rows: readonly StoredMessage[]): ChatUIMessage[] {
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    parts: row.parts.length > 0 ? row.parts.map(toUIPart) : [{ type: 'text', text: row.content }],
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
