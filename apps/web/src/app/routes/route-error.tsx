/**
 * The screen for an error thrown while a route loads or renders (the root route's errorElement),
 * instead of React Router's developer page. A screen that could not be fetched because the server
 * was updated under this tab (app/route-failure: 'stale-build') reloads the page once by itself,
 * which fetches the new build; if that does not help, or for any other error, the player gets a
 * plain message with 'Reload' and 'Back to Home'. The error goes to the console for the report.
 */
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { routeFailure, shouldReloadForStaleBuild } from '../route-failure';

/** sessionStorage key: epoch ms of the last reload tried for a stale build. */
const RELOAD_AT_KEY = 'staleBuildReloadAt';

function lastReloadAt(): number | null {
  try {
    const raw = sessionStorage.getItem(RELOAD_AT_KEY);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

/** Reloads for a stale build unless one was just tried; true when the page is reloading. */
function reloadForStaleBuild(): boolean {
  const now = Date.now();
  if (!shouldReloadForStaleBuild(lastReloadAt(), now)) return false;
  try {
    sessionStorage.setItem(RELOAD_AT_KEY, String(now));
  } catch {
    return false; // Without the guard a failing reload could loop: show the screen instead.
  }
  window.location.reload();
  return true;
}

export function RouteError() {
  const error = useRouteError();
  const failure = routeFailure(error);

  useEffect(() => {
    console.error('Route failed', error);
    if (failure === 'stale-build') reloadForStaleBuild();
  }, [error, failure]);

  const stale = failure === 'stale-build';
  return (
    <main id="main" className="center-screen">
      <div className="card stack message-card" role="alert">
        <h1 className="h2">{stale ? 'MathSprint has been updated' : 'Something went wrong'}</h1>
        <p className="text-muted">
          {stale
            ? 'This screen could not be loaded, most likely because a new version came out while this page was open. Reload to get it.'
            : 'This screen ran into a problem. Reloading usually fixes it; what you have already sent is kept on the server.'}
        </p>
        <div className="cluster" style={{ justifyContent: 'center' }}>
          <Button size="lg" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Link to="/" className="btn btn-secondary btn-lg" reloadDocument>
            Back to Home
          </Link>
        </div>
      </div>
    </main>
  );
}
