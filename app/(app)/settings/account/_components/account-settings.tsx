'use client';

import Link from 'next/link';
import { DeleteAccount } from './delete-account';
import { PrivacySettings } from './privacy-settings';

/** Privacy settings and account deletion (SPEC §7). */
export function AccountSettings() {
  return (
    <div className="mem-page">
      <header className="mem-header">
        <Link href="/settings/memory" className="mem-back">
          ← Back to memory
        </Link>
        <h1>Privacy &amp; account</h1>
        <p className="muted">Choose how long raw chat logs are kept, whether Mindbase remembers at all, and delete your account.</p>
      </header>
      <PrivacySettings />
      <DeleteAccount />
    </div>
  );
}
