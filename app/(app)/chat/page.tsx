import { requirePageUser } from '@/server/auth/session';
import { signOutAction } from '../../(auth)/actions';

export const metadata = { title: 'Chat · Mindbase' };

export default async function ChatPage() {
  const user = await requirePageUser('/chat');
  return (
    <main className="auth-page">
      <div className="stack" style={{ textAlign: 'center' }}>
        <h1>Welcome to Mindbase</h1>
        <p className="muted" data-testid="signed-in-as">
          Signed in as {user.email}
        </p>
        <p className="muted">Start a conversation: your assistant will remember what matters.</p>
        <form action={signOutAction}>
          <button type="submit">Sign out</button>
        </form>
      </div>
    </main>
  );
}
