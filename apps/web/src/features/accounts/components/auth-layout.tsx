/** The frame of the sign-in screens: skip link, then a hero with the product pitch beside the form card. */
import type { ReactNode } from 'react';
import { Brand } from '../../../components/ui/brand';
import { FloatingSymbols } from '../../../components/ui/floating-symbols';
import { IconStar, IconSwords, IconTimer } from '../../../components/ui/icons';
import { SkipLink } from '../../../components/ui/skip-link';
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
          {children}
        </div>
      </main>
    </div>
  );
}
