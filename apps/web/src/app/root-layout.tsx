/**
 * The root of every route: the matched screen, and React Router's ScrollRestoration, so that each
 * new screen opens at its top (a room joined from the bottom of the dashboard shows its code, not
 * the middle of the waiting room) and Back and Forward return to where the player was.
 */
import { Outlet, ScrollRestoration } from 'react-router';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
