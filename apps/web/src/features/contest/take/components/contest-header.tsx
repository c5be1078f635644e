/**
 * The contest header (spec §2 "Question view"): the contest title, 'Question X of N', the answered
 * count, the TIME REMAINING countdown (hh:mm:ss to the close time) and a progress bar of answered
 * questions.
 */
import type { Ref } from 'react';
import { cx, ProgressBar } from '../../../../components/ui';
import { percentOf } from '../lib/attempt-navigation';
import { formatHhMmSs } from '../lib/contest-time';
import { IconClock } from './contest-icons';

/** The countdown turns red in the last minute: a 10-minute contest needs the warning early. */
const LOW_TIME_SECONDS = 60;

export interface ContestHeaderProps {
  title: string;
  /** 0-based index; `total` on the summary. */
  index: number;
  total: number;
  answered: number;
  /** Seconds until close. */
  remaining: number;
  /** The header element: a move to another question scrolls it into view (use-contest-session). */
  ref?: Ref<HTMLElement>;
}

export function ContestHeader({ title, index, total, answered, remaining, ref }: ContestHeaderProps) {
  const low = remaining <= LOW_TIME_SECONDS;
  const onSummary = index >= total;
  const percent = percentOf(answered, total);
  return (
    <header className="card ctake-header" ref={ref}>
      <div className="ctake-header-top">
        <div className="ctake-header-titles">
          <p className="eyebrow ctake-eyebrow">Weekly contest · live</p>
          <h1 className="ctake-title">{title || 'Weekly Math Contest'}</h1>
          <p className="ctake-header-meta">
            <span className="ctake-header-position">{onSummary ? 'Review & Submit' : `Question ${index + 1} of ${total}`}</span>
            <span aria-hidden="true" className="ctake-dot">
              ·
            </span>
            <span className="tabular">
              {answered}/{total} answered
            </span>
          </p>
        </div>
        <div className={cx('ctake-timer', low && 'ctake-timer-low')}>
          <span className="ctake-timer-label">
            <IconClock size={14} /> TIME REMAINING
          </span>
          <span className="ctake-timer-value tabular" role="timer" aria-live="off" aria-label={`Time remaining ${formatHhMmSs(remaining)}`}>
            {formatHhMmSs(remaining)}
          </span>
        </div>
      </div>
      <ProgressBar value={percent} label="Questions answered" tone="gradient" valueText={`${answered} of ${total} answered`} />
    </header>
  );
}
