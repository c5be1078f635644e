/**
 * The hub's summary strip (spec §2 "Daily practice hub": rating with deviation and a bar scaled to
 * 2500, defaults 1500 and 350; the streak count), with today's progress and the season standing.
 */
import { RATING, ratingBarPercent } from '@mathsprint/shared/constants';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { IconBolt, IconStar, IconTarget } from '../../../components/ui/icons';
import { counted } from '../../../lib/plural';

export interface HubSummaryProps {
  rating: number | undefined;
  rd: number | undefined;
  /** null while loading. */
  streak: number | null;
  longestStreak: number | null;
  solvedToday: number;
  sectionsToday: number;
  /** The user's season standing, e.g. "148 season points · rank #1". */
  seasonNote: string;
}

export function HubSummary({ rating, rd, streak, longestStreak, solvedToday, sectionsToday, seasonNote }: HubSummaryProps) {
  const r = Math.round(rating ?? RATING.defaultRating);
  const d = Math.round(rd ?? RATING.defaultRd);
  return (
    <section className="card daily-summary" aria-label="Your daily practice">
      <div className="daily-summary-item daily-summary-rating">
        <p className="daily-summary-label">
          <IconStar size={16} /> Rating
        </p>
        <p className="daily-summary-figure" aria-label={`Rating ${r}, deviation ${d}`}>
          <span className="daily-summary-value">{r}</span>
          <span className="daily-summary-rd">± {d}</span>
        </p>
        <ProgressBar value={ratingBarPercent(r)} label="Rating bar" valueText={`${r} of ${RATING.barScale}`} tone="gradient" size="sm" />
      </div>
      <div className="daily-summary-item daily-summary-streak">
        <p className="daily-summary-label">
          <IconBolt size={16} /> Streak
        </p>
        <p className="daily-summary-figure" aria-label={streak === null ? 'Streak loading' : `Streak ${counted(streak, 'day')}`}>
          <span className="daily-summary-value daily-streak-count">{streak ?? '–'}</span>
          <span className="daily-summary-unit">{streak === 1 ? 'day' : 'days'}</span>
        </p>
        <p className="daily-summary-note">{longestStreak !== null ? `Longest: ${counted(longestStreak, 'day')}` : '\u00a0'}</p>
      </div>
      <div className="daily-summary-item daily-summary-today">
        <p className="daily-summary-label">
          <IconTarget size={16} /> Today
        </p>
        <p className="daily-summary-figure" aria-label={`${solvedToday} of ${sectionsToday} sets solved today`}>
          <span className="daily-summary-value">{solvedToday}</span>
          <span className="daily-summary-unit">/ {sectionsToday} sets</span>
        </p>
        <p className="daily-summary-note">{seasonNote}</p>
      </div>
    </section>
  );
}
