/**
 * The fair-play notice of a results screen (issue #47 "Bots"): the server judged a result's answers
 * faster than a person can give them ("answered faster than a person can"), and says what that
 * changed: a Math Challenge changes no rating, a contest attempt is marked and earns no badge or
 * rating, a single-player run sets no record.
 */
import './pace-notice.css';

export interface PaceNoticeProps {
  /** Who answered too fast: 'You', or the other player's name. */
  who: string;
  /** What it changed, completing "…, so …": 'this game changes no rating'. */
  effect: string;
}

export function PaceNotice({ who, effect }: PaceNoticeProps) {
  return (
    <p className="pace-notice" role="note">
      <strong>{who} answered faster than a person can</strong>, so {effect}.
    </p>
  );
}
