'use client';

import { useSyncExternalStore } from 'react';
import { CloseIcon } from './icons';

// Dismissed for the rest of the browser session: every page of the tab, but shown again in a new
// session so a forgotten setup step is not hidden forever.
const STORAGE_KEY = 'mindbase:offline-banner-dismissed';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const isDismissed = () => sessionStorage.getItem(STORAGE_KEY) === '1';
// The server cannot know; render the banner and let the client hide it.
const isDismissedOnServer = () => false;

function dismiss() {
  sessionStorage.setItem(STORAGE_KEY, '1');
  listeners.forEach((listener) => listener());
}

export function OfflineBanner() {
  const dismissed = useSyncExternalStore(subscribe, isDismissed, isDismissedOnServer);
  if (dismissed) return null;
  return (
    <div className="offline-banner" role="note">
      <p>
        You&rsquo;re using the built-in offline demo model. Set <code>OPENAI_API_KEY</code> (or <code>LLM_BASE_URL</code> for an
        OpenAI-compatible server) to talk to a real model.
      </p>
      <button type="button" className="icon-button" aria-label="Dismiss" title="Dismiss" onClick={dismiss}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
