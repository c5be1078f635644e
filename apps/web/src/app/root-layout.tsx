/**
 * The root of every route: the matched screen; React Router's ScrollRestoration, so that each
 * new screen opens at its top (a room joined from the bottom of the dashboard shows its code, not
 * the middle of the waiting room) and Back and Forward return to where the player was; and the
 * RouteAnnouncer, which titles the document from the route's `handle.title` and, on a navigation,
 * announces that title and moves focus to the new page's heading.
 */
import { Outlet, ScrollRestoration } from 'react-router';
import { RouteAnnouncer } from '../components/ui/route-announcer';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <RouteAnnouncer />
    </>
  );
}
