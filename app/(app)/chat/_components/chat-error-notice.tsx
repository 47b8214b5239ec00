'use client';

import { usePathname } from 'next/navigation';
import { describeChatError } from './chat-errors';
import { useCountdown } from './use-countdown';

/** The failed turn's error, inline under the conversation, with a way to try the turn again. */
export function ChatErrorNotice({ error, onRetry, retryAfterSeconds = null }: { error: Error; onRetry: () => void; retryAfterSeconds?: number | null }) {
  const view = describeChatError(error);
  const wait = useCountdown(view.retryAfterSeconds ?? retryAfterSeconds, error);
  const signInHref = `/sign-in?callbackUrl=${encodeURIComponent(usePathname())}`;
  return (
    <div className="chat-error">
      {/* Only the message is the alert: the countdown below must not be re-announced every second. */}
      <p role="alert">{view.message}</p>
      <div className="chat-error-actions">
        {view.needsSignIn && (
          <a className="button-link" href={signInHref}>
            Sign in
          </a>
        )}
        <button type="button" onClick={onRetry} disabled={wait > 0}>
          {wait > 0 ? `Retry in ${wait}s` : 'Retry'}
        </button>
      </div>
    </div>
  );
}
