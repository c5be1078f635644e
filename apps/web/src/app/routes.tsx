/**
 * Route table (spec §2), under RootLayout (scroll restoration, route announcer). Guarded routes sit
 * under SessionGuard, which redirects to /login without a token and shows 'Checking session…' while
 * it asks the server for the user. Each route's `handle.title` names its page in the document title
 * and in the announcement made when a navigation opens it (components/ui/route-change); the spec
 * defines no page titles, so these are ours.
 */
import type { RouteObject } from 'react-router';
import { SessionGuard } from '../features/accounts/components/session-guard';
import { LoginRoute } from './routes/login';
import { SignupRoute } from './routes/signup';
import { AuthSuccessRoute } from './routes/auth-success';
import { HomeRoute } from './routes/home';
import { WaitingRoute } from './routes/waiting';
import { GameRoute } from './routes/game';
import { ResultsRoute } from './routes/results';
import { SingleplayerRoute } from './routes/singleplayer';
import { DailyRoute } from './routes/daily';
import { ContestRoute } from './routes/contest';
import { ContestResultsRoute } from './routes/contest-results';
import { TAKE_MESSAGES } from '../features/contest/take/lib/messages';
import { RESULTS_MESSAGES } from '../features/contest/results/lib/messages';
import { NotFoundRoute } from './routes/not-found';
import { RootLayout } from './root-layout';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <LoginRoute />, handle: { title: 'Sign in' } },
      { path: '/signup', element: <SignupRoute />, handle: { title: 'Create account' } },
      { path: '/auth/success', element: <AuthSuccessRoute />, handle: { title: 'Signing in' } },
      {
        element: <SessionGuard />,
        children: [
          { path: '/', element: <HomeRoute />, handle: { title: 'Home' } },
          { path: '/waiting', element: <WaitingRoute />, handle: { title: 'Waiting room' } },
          { path: '/game', element: <GameRoute />, handle: { title: 'Math Challenge' } },
          { path: '/results', element: <ResultsRoute />, handle: { title: 'Game Results' } },
          { path: '/singleplayer', element: <SingleplayerRoute />, handle: { title: 'Solo Sprint' } },
          { path: '/daily', element: <DailyRoute />, handle: { title: 'Daily Practice' } },
          // The two contest routes show no Logout button (spec §2).
          // `handle.signedOutMessage`: the toast SessionGuard shows when it sends a signed-out visitor to
          // /login (spec §2 "Contest taking", §5).
          { path: '/contest/:contestId', element: <ContestRoute />, handle: { title: 'Weekly contest', signedOutMessage: TAKE_MESSAGES.loginRequired } },
          {
            path: '/contest/:contestId/results',
            element: <ContestResultsRoute />,
            handle: { title: 'Contest results', signedOutMessage: RESULTS_MESSAGES.loginRequired },
          },
        ],
      },
      { path: '*', element: <NotFoundRoute />, handle: { title: 'Page not found' } },
    ],
  },
];
