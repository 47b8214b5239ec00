'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type MouseEvent } from 'react';
import { ConversationList } from './conversation-list';
import { NEW_CHAT_PARAM, newChatHandoff } from './new-chat-handoff';
import { CloseIcon, NewChatIcon, SearchIcon } from './icons';
import { SidebarFooter } from './sidebar-footer';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 250;

interface SidebarProps {
  id: string;
  name: string | null;
  email: string;
  /** Drawer state on narrow screens; wide screens always show the sidebar. */
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ id, name, email, open, onClose }: SidebarProps) {
  const router = useRouter();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  function startNewChat(event?: MouseEvent) {
    // A click that opens a new tab or window leaves this page alone.
    if (event && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
    event?.preventDefault();
    onClose();
    newChatHandoff.begin();
    // A chat that started on /chat keeps that page's tree after its address changed, and a plain
    // push to /chat reuses it. A fresh query makes it a new page (a new conversation id, an empty
    // chat) in one render; a push followed by a refresh rendered it twice, and a message sent to
    // the first of the two was cut off by the second. The session puts back the plain /chat.
    router.push(`/chat?${NEW_CHAT_PARAM}=${Date.now().toString(36)}`);
  }

  return (
    <aside id={id} className="sidebar" data-open={open} aria-label="Sidebar">
      <div className="sidebar-header">
        <Link href="/chat" className="brand" prefetch={false} onClick={startNewChat}>
          Mindbase
        </Link>
        <button type="button" className="icon-button sidebar-close" aria-label="Close menu" title="Close menu" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <button type="button" className="new-chat-button" onClick={() => startNewChat()}>
        <NewChatIcon size={16} />
        New chat
      </button>
      <div className="sidebar-search">
        <SearchIcon size={15} />
        <input type="search" aria-label="Search conversations" placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <ConversationList search={debouncedSearch} />
      <SidebarFooter name={name} email={email} />
    </aside>
  );
}
