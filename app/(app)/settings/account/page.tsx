import { requirePageUser } from '@/server/auth/session';
import { AccountSecurity } from './_components/account-security';
import { AccountSettings } from './_components/account-settings';
import { ConnectedApps } from './_components/connected-apps';
import '../memory/memory.css';

export const metadata = { title: 'Privacy & account · Mindbase' };

export default async function AccountSettingsPage() {
  // Open while the address is unconfirmed: this is where it can be corrected (issue 18).
  await requirePageUser('/settings/account', { allowUnverified: true });
  return (
    <>
      <AccountSettings />
      <AccountSecurity />
      <ConnectedApps />
    </>
  );
}
