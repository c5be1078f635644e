/**
 * Route table (spec §2), under RootLayout (scroll restoration, route announcer). Guarded routes sit
 * under SessionGuard, which redirects to /login without a token and shows 'Checking session…' while
 * it asks the server for the user. Each route's `handle.title` names its page in the document title
 * and in the announcement made when a navigation opens it (components/ui/route-change); the spec
 * defines no page titles, so these are ours.
 *
 * Code splitting: the sign-in pages, home and 404 are in the first bundle; every other screen is a
 * route `lazy` module, fetched when a navigation first reaches it (React Router waits for it before
 * it leaves the current page, so no blank screen) or earlier by prefetchScreens once the first
 * screen is up. The three Math Challenge screens share one module (routes/duel), so the waiting
 * room's move to /game at the countdown fetches nothing.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { SessionGuard } from '../features/accounts/components/session-guard';
import { LoginRoute } from './routes/login';
import { SignupRoute } from './routes/signup';
import { AuthSuccessRoute } from './routes/auth-success';
import { HomeRoute } from './routes/home';
import { TAKE_MESSAGES } from '../features/contest/take/lib/messages';
import { RESULTS_MESSAGES } from '../features/contest/results/lib/messages';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { LoadingScreen } from '../components/ui/spinner';
import { RootLayout } from './root-layout';

const loadDuel = () => import('./routes/duel');
const loadSolo = () => import('./routes/singleplayer');
const loadDaily = () => import('./routes/daily');
const loadContest = () => import('./routes/contest');
const loadContestResults = () => import('./routes/contest-results');

/**
 * Fetches every lazy screen's module without showing it (the browser keeps each one), so that a
 * later navigation waits for no download. Call it once the first screen is up and the browser is
 * idle: it then costs the first paint nothing. A failed fetch is left to the navigation that needs
 * the module, which shows routes/route-error.
 */
export function prefetchScreens(): void {
  for (const load of [loadDuel, loadSolo, loadDaily, loadContest, loadContestResults]) load().catch(() => undefined);
}

/** A route's `lazy`: loads the module with `load`, then renders the component `pick` names. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A screen that fails to load or render (routes/route-error), instead of React Router's page.
    errorElement: <RouteError />,
    // Shown while a lazy screen's module loads on the first page load (a link straight to /daily).
    hydrateFallbackElement: <LoadingScreen title="Loading…" />,
    children: [
      { path: '/login', element: <LoginRoute />, handle: { title: 'Sign in' } },
      { path: '/signup', element: <SignupRoute />, handle: { title: 'Create account' } },
      { path: '/auth/success', element: <AuthSuccessRoute />, handle: { title: 'Signing in' } },
      {
        element: <SessionGuard />,
        children: [
          { path: '/', element: <HomeRoute />, handle: { title: 'Home' } },
          { path: '/waiting', lazy: screen(loadDuel, (m) => m.WaitingRoute), handle: { title: 'Waiting room' } },
          { path: '/game', lazy: screen(loadDuel, (m) => m.GameRoute), handle: { title: 'Math Challenge' } },
          { path: '/results', lazy: screen(loadDuel, (m) => m.ResultsRoute), handle: { title: 'Game Results' } },
          { path: '/singleplayer', lazy: screen(loadSolo, (m) => m.SingleplayerRoute), handle: { title: 'Solo Sprint' } },
          { path: '/daily', lazy: screen(loadDaily, (m) => m.DailyRoute), handle: { title: 'Daily Practice' } },
          // The two contest routes show no Logout button (spec §2).
          // `handle.signedOutMessage`: the toast SessionGuard shows when it sends a signed-out visitor to
          // /login (spec §2 "Contest taking", §5).
          { path: '/contest/:contestId', lazy: screen(loadContest, (m) => m.ContestRoute), handle: { title: 'Weekly contest', signedOutMessage: TAKE_MESSAGES.loginRequired } },
          {
            path: '/contest/:contestId/results',
            lazy: screen(loadContestResults, (m) => m.ContestResultsRoute),
            handle: { title: 'Contest results', signedOutMessage: RESULTS_MESSAGES.loginRequired },
          },
        ],
      },
      { path: '*', element: <NotFoundRoute />, handle: { title: 'Page not found' } },
    ],
  },
];
