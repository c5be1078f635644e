/** Any unknown path: a friendly 404 under the app's top bar (whose logo leads home too), with a way
 * home. */
import { Link, useLocation } from 'react-router';
import { AppHeader } from '../../components/ui/app-header';
import { FloatingSymbols } from '../../components/ui/floating-symbols';
import { SkipLink } from '../../components/ui/skip-link';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <SkipLink />
      <AppHeader />
      <main id="main" tabIndex={-1} className="center-screen">
        <div className="card message-card not-found" style={{ overflow: 'hidden', color: 'var(--color-primary)' }}>
          <FloatingSymbols count={6} intervalMs={12000} />
          <div className="above-symbols stack" style={{ alignItems: 'center', color: 'var(--color-text)' }}>
            <p className="mono" aria-hidden="true" style={{ fontSize: 'clamp(2.4rem, 9vw, 3.5rem)', fontWeight: 800, color: 'var(--color-primary)', lineHeight: 1 }}>
              404 ≠ 200
            </p>
            <h1 className="h2">This page doesn’t add up</h1>
            <p className="text-muted">
              We couldn’t find <span className="mono">{pathname}</span>. It may have moved, or the link is mistyped.
            </p>
            <Link to="/" className="btn btn-primary btn-lg">
              Back to Home
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
