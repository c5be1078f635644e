/**
 * The greeting panel (spec §2 "Home dashboard": greeting with the user's name; guests see the mode
 * as guest and the status as Guest). Hosts the first set of floating symbols: 6 at once, a new one
 * every 12 s (spec §9 "Display").
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FloatingSymbols } from '../../../components/ui/floating-symbols';
import { firstName, greetingFor } from '../lib/greeting';

export interface DashboardHeroProps {
  name: string;
  isGuest: boolean;
  /** The daily-practice streak figure, shown among the chips (spec §2 "Greeting, rating and deviation, streak"). */
  streak?: ReactNode;
}

export function DashboardHero({ name, isGuest, streak }: DashboardHeroProps) {
  return (
    <section className="card hero" aria-labelledby="dashboard-greeting">
      <FloatingSymbols count={6} intervalMs={12_000} />
      <div className="above-symbols hero-body">
        <div>
          <p className="hero-eyebrow">{greetingFor(new Date())}</p>
          <h1 id="dashboard-greeting" className="hero-title">
            Hello, {isGuest ? name : firstName(name)}!
          </h1>
          <p className="hero-lead">
            {isGuest
              ? 'You are playing as a guest. Jump into a game, or create an account to earn a rating and a place on the leaderboard; the games you play now come with you.'
              : 'Ready for a sprint? Challenge a friend to a Math Challenge or chase your best solo score.'}
          </p>
        </div>
        <div className="hero-flashcard" aria-hidden="true">
          <span className="hero-flashcard-question">7 × 8</span>
          <span className="hero-flashcard-answer">= 56 ✓</span>
        </div>
      </div>
      <div className="hero-meta above-symbols">
        <span className="hero-chip">
          <span className="hero-chip-label">Mode</span> <strong>{isGuest ? 'Guest' : 'Rated'}</strong>
        </span>
        <span className="hero-chip">
          <span className="hero-chip-label">Status</span> <strong>{isGuest ? 'Guest' : 'Signed in'}</strong>
        </span>
        {streak}
        {isGuest ? (
          <Link to="/signup" className="btn btn-light btn-sm">
            Create account
          </Link>
        ) : null}
      </div>
    </section>
  );
}
