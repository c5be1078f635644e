/**
 * The dashboard's grid (spec §2 "Home dashboard"). Each slot is one card; the weekly contest,
 * daily practice and analytics cards of later issues become further slots and grid areas.
 */
import type { ReactNode } from 'react';
import './home.css';

export interface DashboardLayoutProps {
  hero: ReactNode;
  rating: ReactNode;
  multiplayer: ReactNode;
  solo: ReactNode;
  leaderboard: ReactNode;
}

export function DashboardLayout({ hero, rating, multiplayer, solo, leaderboard }: DashboardLayoutProps) {
  return (
    <div className="dashboard">
      <div className="dashboard-hero">{hero}</div>
      <div className="dashboard-rating">{rating}</div>
      <div className="dashboard-multiplayer">{multiplayer}</div>
      <div className="dashboard-solo">{solo}</div>
      <div className="dashboard-leaderboard">{leaderboard}</div>
    </div>
  );
}
