'use client';

import { useSyncExternalStore } from 'react';

/**
 * "New chat" while the server renders the new page (issue 15). Until it arrives the old
 * conversation is still on screen with a live composer, so a message typed then went into the old
 * conversation (and its reply was cut off as "Stopped" when the page changed), or was lost with
 * the old composer. Between the click and the new session's first render, what is sent or typed
 * is handed over instead: the new chat sends the message (once) or keeps the draft.
 *
 * Module state, not React state: it must outlive the old page's tree. A client-side navigation
 * keeps this module loaded; a full reload starts with nothing pending, as it should.
 */
/** The query "New chat" adds to /chat so it is always a new page (sidebar.tsx). */
export const NEW_CHAT_PARAM = 'new';

interface Handoff {
  /** "New chat" was clicked and no session has mounted since. */
  pending: boolean;
  /** A message sent in the old conversation's composer meanwhile, for the new chat to send. */
  message: string | null;
  /** Text left unsent in the old composer when it went away. */
  draft: string | null;
}

const EMPTY: Handoff = { pending: false, message: null, draft: null };
// A new page that never comes (the navigation failed or went elsewhere without a chat) must not
// keep holding messages: after this long the old session takes its message back as a draft.
const GIVE_UP_MS = 15_000;
let state: Handoff = EMPTY;
let giveUp: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: Handoff) {
  state = next;
  for (const listener of listeners) listener();
}

export const newChatHandoff = {
  begin: (): void => {
    clearTimeout(giveUp);
    set({ pending: true, message: null, draft: null });
    giveUp = setTimeout(() => {
      if (state.pending) set({ ...state, pending: false });
    }, GIVE_UP_MS);
  },
  /** While pending, a send belongs to the new chat: keeps it and returns true (it is not lost). */
  holdMessage: (text: string): boolean => {
    if (!state.pending || state.message !== null) return false;
    set({ ...state, message: text });
    return true;
  },
  keepDraft: (text: string): void => {
    if (state.pending && text.trim() !== '') set({ ...state, draft: text });
  },
  /** Called by the session that mounts next: what was handed over, once. */
  take: (): Pick<Handoff, 'message' | 'draft'> => {
    const { message, draft } = state;
    clearTimeout(giveUp);
    if (state !== EMPTY) set(EMPTY);
    return { message, draft };
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a new chat is on its way, and the message held for it (shown, so it is not lost). */
export function useHandoff(): Pick<Handoff, 'pending' | 'message'> {
  const pending = useSyncExternalStore(subscribe, () => state.pending, () => false);
  const message = useSyncExternalStore(subscribe, () => state.message, () => null);
  return { pending, message };
}
