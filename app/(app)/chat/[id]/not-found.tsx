import Link from 'next/link';

export const metadata = { title: 'Conversation not found · Mindbase' };

export default function ConversationNotFound() {
  return (
    <main className="auth-page">
      <div className="stack" style={{ textAlign: 'center' }}>
        <h1>Conversation not found</h1>
        <p className="muted">It may have been deleted, or the link is not one of yours.</p>
        <p>
          <Link href="/chat">Start a new chat</Link>
        </p>
      </div>
    </main>
  );
}
