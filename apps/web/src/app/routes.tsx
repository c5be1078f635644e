/**
 * Route table (spec §2), under RootLayout (scroll restoration). Guarded routes sit under
 * SessionGuard, which redirects to /login without a token and shows 'Checking session…' while it
 * asks the server for the user.
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
      { path: '/login', element: <LoginRoute /> },
      { path: '/signup', element: <SignupRoute /> },
      { path: '/auth/success', element: <AuthSuccessRoute /> },
      {
        element: <SessionGuard />,
        children: [
          { path: '/', element: <HomeRoute /> },
          { path: '/waiting', element: <WaitingRoute /> },
          { path: '/game', element: <GameRoute /> },
          { path: '/results', element: <ResultsRoute /> },
          { path: '/singleplayer', element: <SingleplayerRoute /> },
          { path: '/daily', element: <DailyRoute /> },
          // The two contest routes show no Logout button (spec §2).
          // `handle.signedOutMessage`: the toast SessionGuard shows when it sends a signed-out visitor to
          // /login (spec §2 "Contest taking", §5).
          { path: '/contest/:contestId', element: <ContestRoute />, handle: { signedOutMessage: TAKE_MESSAGES.loginRequired } },
          {
            path: '/contest/:contestId/results',
            element: <ContestResultsRoute />,
            handle: { signedOutMessage: RESULTS_MESSAGES.loginRequired },
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
