/**
 * The end-of-game panel of the game screens: an icon, a title such as 'Game Over!', and the
 * player's final score in pts, with room below for what comes next (spec §2 "Multiplayer game",
 * "Single-player").
 */
import type { ReactNode } from 'react';
import { cx } from './cx';
import './game-over.css';

export interface GameOverPanelProps {
  /** Decorative icon in a round badge. */
  icon: ReactNode;
  /** Colour of the badge: 'primary' (default) or 'gold'. */
  tone?: 'primary' | 'gold';
  title: string;
  /** The line above the score, e.g. 'Your final score'. */
  caption: string;
  /** Points. */
  score: number;
  className?: string;
  /** Shown under the score (a loading line, a button). */
  children?: ReactNode;
}

export function GameOverPanel({ icon, tone = 'primary', title, caption, score, className, children }: GameOverPanelProps) {
  return (
    <div className={cx('game-over', className)} role="status">
      <span className={cx('game-over-icon', tone === 'gold' && 'game-over-icon-gold')}>{icon}</span>
      <h2>{title}</h2>
      <p className="text-muted">{caption}</p>
      <p className="game-over-score tabular">
        {score} <small>pts</small>
      </p>
      {children}
    </div>
  );
}
