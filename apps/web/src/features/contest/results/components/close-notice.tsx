/**
 * What the results page says before the final standings exist (issues #3, #47): before close, that
 * score, answers, rank and leaderboard come at close, with a countdown; after close, that they are being
 * computed (the page polls every ~5 s meanwhile).
 */
import { Spinner } from '../../../../components/ui';
import { formatHhMmSs } from '../../take/lib/contest-time';
import { RESULTS_MESSAGES } from '../lib/messages';
import { IconLock } from './results-icons';

export interface CloseNoticeProps {
  /** 'pending': before close; 'finalizing': closed, ranks not out yet. */
  kind: 'pending' | 'finalizing';
  /** Seconds until close. */
  secondsToClose: number;
  /** Compact form, inside a tab panel. */
  compact?: boolean;
}

export function CloseNotice({ kind, secondsToClose, compact = false }: CloseNoticeProps) {
  if (kind === 'finalizing') {
    return (
      <div className={compact ? 'cresults-locked' : 'cresults-notice'} role="status">
        <span className="cresults-notice-icon" aria-hidden="true">
          <Spinner />
        </span>
        <div className="cresults-notice-text">
          <p className="cresults-notice-title">Finalizing results…</p>
          <p>The contest has closed. Ranks, badges, the leaderboard and the correct answers appear here in a few seconds.</p>
        </div>
      </div>
    );
  }
  return (
    <div className={compact ? 'cresults-locked' : 'cresults-notice'} role="status">
      <span className="cresults-notice-icon" aria-hidden="true">
        <IconLock size={20} />
      </span>
      <div className="cresults-notice-text">
        <p className="cresults-notice-title">{RESULTS_MESSAGES.revealedAtClose}</p>
        <p>
          Other players are still competing, so your score and the correct answers stay hidden until the contest closes. This page updates by itself.
        </p>
      </div>
      <div className="cresults-notice-timer">
        <span className="cresults-notice-timer-label">Closes in</span>
        <span className="cresults-notice-timer-value tabular" role="timer" aria-live="off">
          {formatHhMmSs(secondsToClose)}
        </span>
      </div>
    </div>
  );
}
