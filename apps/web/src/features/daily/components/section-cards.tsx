/**
 * Today's problem sets (spec §2: one card per section with title, question count, difficulty or
 * 'Mixed', locked or available, a 'Start Solving' button and a daily-rankings button; spec §5 unlock
 * thresholds shown as text). Locked sections cannot be started (spec §4); their rankings can be read.
 */
import type { DailySectionKey, DailySectionSummary } from '@mathsprint/shared/protocol';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { IconList, IconTrophy } from '../../../components/ui/icons';
import { difficultyLabel, questionCountText, unlockText } from '../lib/sections';
import { IconLock, IconCheckCircle } from './daily-icons';

export interface SectionCardsProps {
  sections: readonly DailySectionSummary[];
  loading: boolean;
  openKey: DailySectionKey | null;
  onStart: (key: DailySectionKey) => void;
  onRankings: (key: DailySectionKey) => void;
}

export function SectionCards({ sections, loading, openKey, onStart, onRankings }: SectionCardsProps) {
  if (loading) {
    return (
      <div className="daily-sets" role="status" aria-busy="true" aria-label="Loading today's problem sets">
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="skeleton daily-set-skeleton" />
        ))}
      </div>
    );
  }
  if (sections.length === 0) return <p className="daily-empty">Today's sets could not be loaded. Try again in a moment.</p>;
  return (
    <ul className="list-reset daily-sets" aria-label="Today's problem sets">
      {sections.map((s) => {
        const state = !s.unlocked ? 'locked' : s.submitted ? 'solved' : 'available';
        return (
          <li key={s.key} className={cx('daily-set', `daily-set--${s.key}`, `daily-set--${state}`, openKey === s.key && 'is-open')} aria-label={`${s.title} set`}>
            <div className="daily-set-top">
              <h3 className="daily-set-title">{s.title}</h3>
              <span className={`badge daily-difficulty daily-difficulty--${s.difficulty}`}>{difficultyLabel(s.difficulty)}</span>
            </div>
            <p className="daily-set-desc">{s.description}</p>
            <p className="daily-set-facts">
              <span className="daily-set-fact">
                <IconList size={14} /> {questionCountText(s.count)}
              </span>
              <span className="daily-set-fact">{s.weight * 10} pts per answer</span>
            </p>
            <p className={cx('daily-set-state', `daily-set-state--${state}`)}>
              {state === 'locked' ? (
                <>
                  <IconLock size={14} /> Locked · {unlockText(s.unlockRating)}
                </>
              ) : state === 'solved' ? (
                <>
                  <IconCheckCircle size={14} /> Solved · {s.practicePoints ?? 0} practice points
                </>
              ) : (
                <>Available · {unlockText(s.unlockRating)}</>
              )}
            </p>
            <div className="daily-set-actions">
              <Button
                size="sm"
                variant={state === 'solved' ? 'secondary' : 'primary'}
                disabled={!s.unlocked}
                aria-label={`${state === 'solved' ? 'Review' : 'Start Solving'} ${s.title}`}
                onClick={() => onStart(s.key)}
              >
                {state === 'solved' ? 'Review' : 'Start Solving'}
              </Button>
              <Button size="sm" variant="ghost" icon={<IconTrophy size={14} />} aria-label={`Daily rankings for ${s.title}`} onClick={() => onRankings(s.key)}>
                Rankings
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
