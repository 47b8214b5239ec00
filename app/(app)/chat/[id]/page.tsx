import { notFound } from 'next/navigation';
import { userDbFor } from '@/server/database';
import { requirePageUser } from '@/server/auth/session';
import { conversationIdSchema } from '@/server/chat/conversation-schemas';
import { getConversation } from '@/server/chat/conversations';
import { AppError } from '@/server/errors';
import { chatModelInfo } from '@/server/llm/status';
import { ChatLayout } from '../_components/chat-layout';
import { toChatUIMessages } from '../_components/chat-message';
import { ChatSession } from '../_components/chat-session';

export const metadata = { title: 'Chat · Mindbase' };

/** Someone else's conversation and one that never existed look the same: a 404, nothing else. */
async function loadConversation(userId: string, id: string) {
  if (!conversationIdSchema.safeParse(id).success) notFound();
  try {
    return await getConversation(userDbFor(userId), id);
  } catch (error) {
    if (error instanceof AppError && error.type === 'not_found') notFound();
    throw error;
  }
}

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/chat/${id}`);
  const conversation = await loadConversation(user.id, id);
  return (
    <ChatLayout name={user.name?.trim() || null} email={user.email ?? ''} model={chatModelInfo()}>
      <ChatSession
        key={conversation.id}
        conversationId={conversation.id}
        initialMessages={toChatUIMessages(conversation.messages)}
        isNew={false}
        memoryDisabled={conversation.memoryDisabled}
      />
    </ChatLayout>
  );
}
