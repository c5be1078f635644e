import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { clearSession } from '../../lib/storage';
import { resetSocket } from '../../lib/socket';
import { useStoredUser } from '../../lib/use-stored-user';
import { useAccountControls } from './account-controls';
import { Brand } from './brand';
import { Button } from './button';
import { cx } from './cx';

/**
 * Logout (spec §6): clears the stored token and user, drops the socket, goes to /login and reloads
 * (a full navigation, so no cached query or socket state of the old session survives).
 */
export function logout(): void {
  clearSession();
  resetSocket();
  // Else /login opens as far down as this page was scrolled: React Router's ScrollRestoration saves
  // every freshly loaded page's position under the same key (as in features/accounts/session).
  window.scrollTo(0, 0);
  window.location.assign('/login');
}

export interface LogoutButtonProps {
  className?: string;
}

/** The 'Logout' button. */
export function LogoutButton({ className }: LogoutButtonProps) {
  return (
    <Button variant="ghost" size="sm" className={className} onClick={logout}>
      Logout
    </Button>
  );
}

export interface AppHeaderProps {
  /**
   * Show the session action on the right (spec §2: every guarded route except the contest routes
   * shows Logout). Guests get no Logout (spec §2 "Guests … with no logout"): they see a
   * 'Create account' link instead. Every signed-in player also gets the account controls the app
   * supplies (account-controls.tsx: 'Change password', 'Delete account') before Logout.
   */
  showLogout?: boolean;
  /** Extra actions placed before the user chip. */
  children?: ReactNode;
}

/** The sticky top bar: brand (link home), the signed-in user's chip, the account controls and Logout. */
export function AppHeader({ showLogout = false, children }: AppHeaderProps) {
  const user = useStoredUser();
  const accountControls = useAccountControls();
  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <Brand />
        <div className="topbar-actions">
          {children}
          {user ? (
            <span className={cx('user-chip', user.isGuest && showLogout && 'user-chip--guest')} title={user.name}>
              <span className="avatar" aria-hidden="true">
                {initials(user.name)}
              </span>
              <span className="user-chip-name visually-hidden-on-phone">{user.name}</span>
              {user.isGuest ? (
                <span className="badge">Guest</span>
              ) : (
                // Phones show only the avatar; the rating stays readable to screen readers there.
                <span className="badge badge-primary tabular topbar-rating visually-hidden-on-phone">
                  <span className="visually-hidden">Rating </span>
                  {Math.round(user.rating)}
                </span>
              )}
            </span>
          ) : null}
          {showLogout && user?.isGuest ? (
            <Link to="/signup" className="btn btn-secondary btn-sm">
              Create account
            </Link>
          ) : null}
          {showLogout && user ? accountControls?.(user) : null}
          {showLogout && !user?.isGuest ? <LogoutButton /> : null}
        </div>
      </div>
    </header>
  );
}

/** Up to two initials of a name, for the avatar. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const second = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + second).toUpperCase();
}
