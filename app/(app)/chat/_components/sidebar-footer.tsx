import { signOutAction } from '@/app/(auth)/actions';
import { MemoryNavLink } from './memory-nav-link';

/** Who is signed in: the name given at sign-up when there is one (issue 15), the e-mail beneath. */
export function SidebarFooter({ name, email }: { name: string | null; email: string }) {
  return (
    <div className="sidebar-footer">
      <p className="signed-in-as" data-testid="signed-in-as" title={name ? `${name} · ${email}` : email}>
        <span className="visually-hidden">Signed in as </span>
        {name ? <span className="signed-in-name">{name}</span> : null}
        <span className="signed-in-email">{email}</span>
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
