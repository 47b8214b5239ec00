import { requirePageUser } from '@/server/auth/session';
import { chatModelInfo } from '@/server/llm/status';
import { ChatLayout } from './_components/chat-layout';
import { ChatSession } from './_components/chat-session';

export const metadata = { title: 'New chat · Mindbase' };

export default async function NewChatPage() {
  const user = await requirePageUser('/chat');
  // The id of the conversation this page's first message will create. Minted per request and
  // used as the key, so every visit to /chat (including "New chat" from a chat that started here
  // and only changed its address) mounts a fresh, empty session.
  const conversationId = crypto.randomUUID();
  return (
    <ChatLayout name={user.name?.trim() || null} email={user.email ?? ''} model={chatModelInfo()}>
      <ChatSession key={conversationId} conversationId={conversationId} initialMessages={[]} isNew memoryDisabled={false} />
    </ChatLayout>
  );
}
