/**
 * The results screen's Rematch button (spec §4 "Multiplayer"): its label, and whether it is
 * unavailable. While this player's own request is on its way or waiting for the opponent, the
 * button is only `aria-disabled` (`waiting`), not `disabled`: a keyboard user who just pressed it
 * keeps focus on it, where a disabled button would drop focus to <body>. For every other reason
 * (opponent gone, game not over, connection lost) it is truly disabled.
 */
export interface RematchButtonInput {
  /** Both players still in the room. */
  enoughPlayers: boolean;
  /** The game is over for everybody. */
  finished: boolean;
  /** This player's rematch request is on its way, or the rematch is starting. */
  starting: boolean;
  /** The server accepted this player's request; waiting for the opponent. */
  requested: boolean;
  connectionLost: boolean;
}

export interface RematchButtonState {
  label: 'Rematch' | 'Waiting...' | 'Starting...';
  /** Native `disabled`: unavailable, out of the tab order. */
  disabled: boolean;
  /** `aria-disabled` only: inactive, but keeps focus (this player's own request is pending). */
  waiting: boolean;
}

export function rematchButtonState(s: RematchButtonInput): RematchButtonState {
  const label = s.starting ? 'Starting...' : s.requested ? 'Waiting...' : 'Rematch';
  const waiting = s.starting || s.requested;
  const blocked = !s.enoughPlayers || !s.finished || s.connectionLost;
  return { label, disabled: blocked, waiting: waiting && !blocked };
}
