'use client';

import { EmailSettings } from './email-settings';
import { PasswordSettings } from './password-settings';
import { SessionList } from './session-list';

/** Issue 18: the account's address, its password and where it is signed in. */
export function AccountSecurity() {
  return (
    <div className="mem-page" data-testid="account-security">
      <EmailSettings />
      <PasswordSettings />
      <SessionList />
    </div>
  );
}
