import { requirePageUser } from '@/server/auth/session';
import { MemorySettings } from './_components/memory-settings';
import './memory.css';

export const metadata = { title: 'Memory · Mindbase' };

export default async function MemorySettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser('/settings/memory');
  const { focus } = await searchParams;
  // Only a UUID can name a memory; anything else is ignored rather than sent to the API.
  const focusId = typeof focus === 'string' && /^[0-9a-f-]{36}$/i.test(focus) ? focus : null;
  return <MemorySettings focusId={focusId} />;
}
