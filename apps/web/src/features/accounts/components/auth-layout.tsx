/**
 * The frame of the sign-in screens: skip link, then a hero with the product pitch beside the form
 * card. A player whose session the server ended is told why at the top of the card
 * (lib/session-notice: SessionGuard puts the server's reason in the history state; an account
 * deletion leaves its notice in sessionStorage across the page load). A visitor who is
 * still signed in is told as whom, with a way back (lib/signed-in-note).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../../components/ui/brand';
import { FloatingSymbols } from '../../../components/ui/floating-symbols';
import { IconStar, IconSwords, IconTimer } from '../../../components/ui/icons';
import { SkipLink } from '../../../components/ui/skip-link';
import { getStoredUser, getToken } from '../../../lib/storage';
import { forgetLeftNotice, leftNotice, noticeFromState } from '../lib/session-notice';
import { signedInNote } from '../lib/signed-in-note';
import './auth.css';

const FEATURES = [
  { icon: <IconSwords />, text: 'Real-time 1v1 Math Challenge' },
  { icon: <IconTimer />, text: 'Timed single-player sprints' },
  { icon: <IconStar />, text: 'A live Glicko-2 rating and a global leaderboard' },
] as const;

export interface AuthLayoutProps {
  /** The form card's heading (the page's h1). */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const location = useLocation();
  // A notice left across a full page load (an account deletion) is read once, then dropped.
  const [left] = useState(leftNotice);
  useEffect(() => {
    if (left) forgetLeftNotice();
  }, [left]);
  const notice = noticeFromState(location.state) ?? left;
  // Read once: a sign-in on this screen stores the new session just before the page reloads, and
  // must not flash 'You're signed in as …' meanwhile.
  const [note] = useState(() =>
    signedInNote(getToken() ? getStoredUser() : null, location.pathname === '/signup' ? 'signup' : 'login'),
  );
  return (
    <div className="auth">
      {/* As on every other screen (components/ui/page): past the hero, straight to the form. */}
      <SkipLink />
      <aside className="auth-hero" aria-label="About MathSprint">
        <FloatingSymbols count={12} intervalMs={6000} />
        <div className="above-symbols">
          <Brand />
        </div>
        <div className="above-symbols">
          <p className="auth-hero-title">Sharpen your mental maths, one sprint at a time.</p>
          <p className="auth-hero-lead">Race a friend to the right answer, beat your own best score, and watch your rating climb.</p>
          <ul className="auth-features list-reset" role="list">
            {FEATURES.map((f) => (
              <li key={f.text} className="auth-feature">
                <span className="auth-feature-icon" aria-hidden="true">
                  {f.icon}
                </span>
                {f.text}
              </li>
            ))}
          </ul>
        </div>
        <p className="auth-hero-foot above-symbols">Free to play. No downloads, no ads.</p>
      </aside>
      <main id="main" tabIndex={-1} className="auth-panel">
        <div className="auth-mobile-brand">
          <Brand />
        </div>
        <div className="card auth-card">
          <div className="auth-card-head">
            <h1>{title}</h1>
            {subtitle ? <p>{subtitle}</p> : null}
          </div>
          {notice ? (
            // An alert, not a status: it appears with the page, and must still be read out.
            <div className="alert alert-warning auth-notice" role="alert">
              {notice}
            </div>
          ) : note ? (
            <p className="alert alert-info auth-notice">
              <span>
                {note.text} <Link to="/">{note.link}</Link>
              </span>
            </p>
          ) : null}
          {children}
        </div>
      </main>
    </div>
  );
}
