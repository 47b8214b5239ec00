'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import '../chat.css';
import { MenuIcon } from './icons';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';

export interface ChatModelInfo {
  offline: boolean;
  label: string;
}

const SIDEBAR_ID = 'chat-sidebar';

/** The chat screen's frame: conversation sidebar (a drawer on narrow screens), top bar, banner. */
export function ChatLayout({ name, email, model, children }: { name: string | null; email: string; model: ChatModelInfo; children: ReactNode }) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const pathname = usePathname();
  const [shownPath, setShownPath] = useState(pathname);
  // Picking a conversation in the drawer navigates; close the drawer then (adjusted during render).
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setSidebarOpen(false);
  }

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen]);

  return (
    <div className="chat-app" data-sidebar-open={sidebarOpen}>
      <Sidebar id={SIDEBAR_ID} name={name} email={email} open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setSidebarOpen(false)} />
      <main className="chat-main">
        <header className="chat-topbar">
          <button
            type="button"
            className="icon-button menu-button"
            aria-label="Open menu"
            title="Open menu"
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => setSidebarOpen(true)}
          >
            <MenuIcon />
          </button>
          <span className="chat-model" title="Model answering in this chat">
            {model.label}
          </span>
        </header>
        {model.offline && <OfflineBanner />}
        {children}
      </main>
    </div>
  );
}
