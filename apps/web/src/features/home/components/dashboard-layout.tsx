/**
 * The dashboard's grid (spec §2 "Home dashboard"). Each slot is one card. The weekly contest card
 * spans the content width under the greeting; the analytics panel, when open, sits right below it.
 * The daily practice card (issue #4) sits beside the global leaderboard, above the play cards.
 */
import type { ReactNode } from 'react';
import './home.css';

export interface DashboardLayoutProps {
  hero: ReactNode;
  rating: ReactNode;
  /** The weekly contest card (spec §2 "Weekly contest card"). */
  contest?: ReactNode;
  /** The personal analytics panel; null/undefined when closed (no empty row is left). */
  analytics?: ReactNode;
  /** The daily practice card (spec §2: 3 sample problems of the first unlocked section and a daily top 3). */
  daily: ReactNode;
  multiplayer: ReactNode;
  solo: ReactNode;
  leaderboard: ReactNode;
}

export function DashboardLayout({ hero, rating, contest, analytics, daily, multiplayer, solo, leaderboard }: DashboardLayoutProps) {
  const hasContest = contest !== undefined && contest !== null;
  const hasAnalytics = analytics !== undefined && analytics !== null;
  const modifiers = `${hasContest ? ' dashboard--contest' : ''}${hasAnalytics ? ' dashboard--analytics' : ''}`;
  return (
    <div className={`dashboard${modifiers}`}>
      <div className="dashboard-hero">{hero}</div>
      <div className="dashboard-rating">{rating}</div>
      {hasContest ? <div className="dashboard-contest">{contest}</div> : null}
      {hasAnalytics ? <div className="dashboard-analytics">{analytics}</div> : null}
      <div className="dashboard-daily">{daily}</div>
      <div className="dashboard-multiplayer">{multiplayer}</div>
      <div className="dashboard-solo">{solo}</div>
      <div className="dashboard-leaderboard">{leaderboard}</div>
    </div>
  );
}
