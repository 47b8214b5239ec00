import { signOutAction } from '@/app/(auth)/actions';
import { MemoryNavLink } from './memory-nav-link';

export function SidebarFooter({ email }: { email: string }) {
  return (
    <div className="sidebar-footer">
      <p className="signed-in-as" data-testid="signed-in-as" title={email}>
        <span className="visually-hidden">Signed in as </span>
        {email}
      </p>
      <div className="sidebar-footer-actions">
        <MemoryNavLink />
        <form action={signOutAction}>
          <button type="submit" className="ghost">
            Sign out
          </button>
        </form>
      </div>
    </div>
  );
}
