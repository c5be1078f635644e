/**
 * A banner at the top of the dashboard for something the player left running: a title, detail
 * lines, the time left (m:ss) when there is a clock, and the button that goes back to it. Used by
 * the Math Challenge's room notice and the solo run's.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { formatMmSs } from './time';
import './resume-notice.css';

export interface ResumeNoticeProps {
  /** Accessible name of the region ("Your room"). */
  label: string;
  title: string;
  /** Detail lines under the title. */
  children?: ReactNode;
  /** Time left in seconds; no clock is shown without it. */
  secondsLeft?: number;
  actionLabel: string;
  actionVariant?: ButtonVariant;
  onAction: () => void;
}

export function ResumeNotice({ label, title, children, secondsLeft, actionLabel, actionVariant = 'primary', onAction }: ResumeNoticeProps) {
  return (
    <section className="resume-notice" aria-label={label}>
      <div className="resume-notice-text">
        <strong className="resume-notice-title">{title}</strong>
        {children}
      </div>
      {secondsLeft !== undefined && (
        <span className="resume-notice-clock tabular" role="timer" aria-label={`Time left ${formatMmSs(secondsLeft)}`}>
          {formatMmSs(secondsLeft)}
        </span>
      )}
      <Button size="sm" variant={actionVariant} onClick={onAction}>
        {actionLabel}
      </Button>
    </section>
  );
}

/** One detail line of a ResumeNotice; `parts` are kept whole when the line wraps, joined by ' · '. */
export function ResumeNoticeLine({ parts }: { parts: string[] }) {
  return (
    <span className="resume-notice-detail">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && ' '}
          <span className="resume-notice-part">
            {part}
            {i < parts.length - 1 && ' ·'}
          </span>
        </span>
      ))}
    </span>
  );
}
