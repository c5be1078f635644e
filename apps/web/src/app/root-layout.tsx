/**
 * The root of every route: the matched screen; React Router's ScrollRestoration, so that each
 * new screen opens at its top (a room joined from the bottom of the dashboard shows its code, not
 * the middle of the waiting room) and Back and Forward return to where the player was; and the
 * RouteAnnouncer, which titles the document from the route's `handle.title` and, on a navigation,
 * announces that title and moves focus to the new page's heading. It also gives every top bar its
 * account controls ('Change password' and 'Delete account', from the accounts feature).
 */
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountControlsProvider, type AccountControls } from '../components/ui/account-controls';
import { RouteAnnouncer } from '../components/ui/route-announcer';
import { ChangePasswordButton } from '../features/accounts/components/change-password-button';
import { DeleteAccountButton } from '../features/accounts/components/delete-account-button';

// Change password: not for guests, nor an account made by Google sign-in (hasPassword false); a
// user stored before the server sent the flag still gets it, and the dialog shows the server's 403
// if it has no password. Delete account: for everyone, guests included.
const accountControls: AccountControls = (user) => {
  const hasPassword = !user.isGuest && user.hasPassword !== false;
  return (
    <>
      {hasPassword ? <ChangePasswordButton email={user.email} /> : null}
      <DeleteAccountButton hasPassword={hasPassword} />
    </>
  );
};

export function RootLayout() {
  return (
    <AccountControlsProvider value={accountControls}>
      <Outlet />
      <ScrollRestoration />
      <RouteAnnouncer />
    </AccountControlsProvider>
  );
}
