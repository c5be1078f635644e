/**
 * A player's name in a narrow list row: cut short with an ellipsis when it does not fit, while the
 * '(You)' marker after it (spec §2: leaderboards mark the current user) always shows.
 */
import { cx } from './cx';
import './player-name.css';

export interface PlayerNameProps {
  name: string;
  /** Whether this row is the current user's: adds '(You)'. */
  you: boolean;
  /** The row's own classes for the name and for the marker (font, colour). */
  className?: string;
  youClassName?: string;
}

export function PlayerName({ name, you, className, youClassName }: PlayerNameProps) {
  return (
    <span className={cx('player-name', className)} title={name}>
      <span className="player-name-text">{name}</span>
      {you ? <span className={cx('player-name-you', youClassName)}> (You)</span> : null}
    </span>
  );
}
