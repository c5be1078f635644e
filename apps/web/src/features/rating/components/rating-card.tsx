/**
 * The rating panel of the home dashboard (spec §2): rating and deviation as "1500 ± 350", the
 * rating bar scaled to 2500, 'Confidence N%' and the approximate rank '#N'. A signed-in player with no
 * rated game yet is told what moves the rating; a guest, that guest games are unrated.
 */
import { RATING } from '@mathsprint/shared/constants';
import { Card } from '../../../components/ui/card';
import { IconStar } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { isStartingRating, ratingDisplay } from '../lib/display';
import './rating.css';

export interface RatingCardProps {
  /** Glicko-2 rating in rating points. */
  rating: number;
  /** Rating deviation in rating points. */
  rd: number;
  /** Guests play unrated: their figures are the defaults, with a note saying so. */
  isGuest?: boolean;
  className?: string;
}

export function RatingCard({ rating, rd, isGuest = false, className }: RatingCardProps) {
  const d = ratingDisplay(rating, rd);
  return (
    <Card title="Your rating" subtitle="Glicko-2, updated live after every rated game" icon={<IconStar />} className={className}>
      <p className="rating-figure" aria-label={`Rating ${d.rating}, deviation ${d.rd}`}>
        <span className="rating-value">{d.rating}</span>
        <span className="rating-rd">± {d.rd}</span>
      </p>
      <div style={{ marginTop: 'var(--space-4)' }}>
        <ProgressBar value={d.barPercent} label="Rating bar" valueText={`${d.rating} of ${RATING.barScale}`} tone="gradient" />
        <div className="rating-scale" aria-hidden="true">
          <span>0</span>
          <span>{RATING.barScale}</span>
        </div>
      </div>
      {/* One text node per figure ('Confidence 30%', 'Approx. rank #11'); the spans only style it. */}
      <div className="rating-stats">
        <p className="rating-stat">
          <span className="rating-stat-label">Confidence</span> <span className="rating-stat-value">{d.confidence}%</span>
        </p>
        <p className="rating-stat">
          <span className="rating-stat-label">Approx. rank</span> <span className="rating-stat-value">#{d.rank}</span>
        </p>
      </div>
      {isGuest ? (
        <p className="alert alert-info rating-note">Guest games are unrated. Create an account to earn a rating.</p>
      ) : isStartingRating(rd) ? (
        <p className="rating-note rating-note-new text-small">
          Your starting rating. Rated Math Challenges and weekly contests move it and raise your confidence.
        </p>
      ) : null}
    </Card>
  );
}
