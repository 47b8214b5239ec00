import { DefaultChatTransport } from 'ai';
import type { z } from 'zod';
import type { chatRequestSchema } from '@/server/chat/chat-request';
import { ChatRequestError } from './chat-errors';
import { messageText, type ChatUIMessage } from './chat-message';

/**
 * The body POST /api/chat accepts, typed from the route's own schema. The server owns the
 * history, so a request carries only the new user message (submit) or nothing but the
 * conversation id (regenerate the reply to the last user message).
 */
export type ChatRequestBody = z.input<typeof chatRequestSchema>;

export function chatRequestBody(
  id: string,
  messages: readonly ChatUIMessage[],
  trigger: 'submit-message' | 'regenerate-message',
): ChatRequestBody {
  if (trigger === 'regenerate-message') return { id, trigger };
  const last = messages.at(-1);
  if (!last || last.role !== 'user') throw new Error('There is no new message to send.');
  return { id, trigger, message: { id: last.id, text: messageText(last) } };
}

/**
 * The AI SDK turns an error response into an error whose message is the raw body; reading it
 * here keeps the server's message and the Retry-After header, which the SDK's error drops.
 */
const rejectErrorResponses: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!response.ok) throw await ChatRequestError.fromResponse(response);
  return response;
};

export function createChatTransport(): DefaultChatTransport<ChatUIMessage> {
  return new DefaultChatTransport<ChatUIMessage>({
    api: '/api/chat',
    fetch: rejectErrorResponses,
    prepareSendMessagesRequest: ({ id, messages, trigger }) => ({ body: chatRequestBody(id, messages, trigger) }),
  });
}
