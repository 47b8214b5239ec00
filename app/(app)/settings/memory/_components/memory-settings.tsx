'use client';

import Link from 'next/link';
import { useState } from 'react';
import { ActivityLog } from './activity-log';
import { AssistantImport } from './assistant-import';
import { AsOfView } from './as-of-view';
import { DangerZone } from './danger-zone';
import { ExportImport } from './export-import';
import { FocusedMemory } from './focused-memory';
import { MemoryBrowser } from './memory-browser';
import { MemoryOverview } from './memory-overview';
import { ReviewInbox } from './review-inbox';

/** The memory settings page (SPEC §7): see, correct and remove everything Mindbase remembers. */
export function MemorySettings({ focusId }: { focusId: string | null }) {
  // One receipt line for actions whose card disappears (delete, delete all, import).
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="mem-page">
      <header className="mem-header">
        <nav className="mem-nav" aria-label="Settings">
          <Link href="/chat" className="mem-back">
            ← Back to chat
          </Link>
          <Link href="/settings/account" className="mem-back">
            Privacy &amp; account
          </Link>
        </nav>
        <h1>Memory</h1>
        <p className="muted">Everything Mindbase remembers about you. Correct it, pin what matters, delete what shouldn&apos;t be there.</p>
      </header>
      <p className="mem-notice" role="status" aria-live="polite" data-testid="memory-notice">
        {notice}
      </p>
      <MemoryOverview />
      {focusId && <FocusedMemory id={focusId} onNotice={setNotice} />}
      <ReviewInbox />
      <MemoryBrowser onNotice={setNotice} />
      <AsOfView />
      <ExportImport onNotice={setNotice} />
      <AssistantImport onNotice={setNotice} />
      <ActivityLog />
      <DangerZone onNotice={setNotice} />
    </div>
  );
}
