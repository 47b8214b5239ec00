import { requirePageUser } from '@/server/auth/session';
import { AccountSettings } from './_components/account-settings';
import '../memory/memory.css';

export const metadata = { title: 'Privacy & account · Mindbase' };

export default async function AccountSettingsPage() {
  await requirePageUser('/settings/account');
  return <AccountSettings />;
}
