/**
 * The 'Time left' and score panels at the top of the game screens (spec §2 "Multiplayer game",
 * "Single-player"; §9 "Display": minutes:seconds).
 */
import { cx } from './cx';
import { formatMmSs } from './time';
import './game-stats.css';

/** The timer turns red in the last seconds: late enough not to distract, early enough to notice. */
const LOW_TIME_SECONDS = 10;

export interface GameStatsProps {
  /** Seconds left on the clock. */
  timeLeft: number;
  /** Points scored so far. */
  score: number;
  /** Label of the score panel, e.g. 'Score' or 'Points'. */
  scoreLabel: string;
  /** The red timer also pulses in the last seconds (not at 0:00, once the game is over). */
  pulseWhenLow?: boolean;
}

export function GameStats({ timeLeft, score, scoreLabel, pulseWhenLow = false }: GameStatsProps) {
  const low = timeLeft <= LOW_TIME_SECONDS;
  return (
    <div className="game-stats">
      <div className={cx('game-stat game-stat-timer', low && 'game-stat-low', low && pulseWhenLow && timeLeft > 0 && 'game-stat-pulse')}>
        <span className="game-stat-label">Time left</span>
        <span className="game-stat-value tabular" role="timer" aria-live="off" aria-label={`Time left ${formatMmSs(timeLeft)}`}>
          {formatMmSs(timeLeft)}
        </span>
      </div>
      <div className="game-stat">
        <span className="game-stat-label">{scoreLabel}</span>
        <span className="game-stat-value tabular">
          {score} <small>pts</small>
        </span>
      </div>
    </div>
  );
}
