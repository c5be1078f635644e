/**
 * The summary, shown once the index passes the last question (spec §2 "Summary view"): counts of
 * answered, remaining and total; the question matrix (5 columns on phones, else 10) to jump back;
 * the progress percent; 'Review Questions' (to question 1) and 'Execute Submit' ('Computing...'
 * while sending; disabled while submitting or when time is up).
 */
import { useEffect, useRef } from 'react';
import { Button, PlayFeedback, ProgressBar } from '../../../../components/ui';
import { matrixColumns, percentOf, type SavedAnswers } from '../lib/attempt-navigation';
import { CONTEST_FEEDBACK_CONTAINER, TAKE_MESSAGES } from '../lib/messages';
import { useViewportWidth } from '../hooks/use-viewport-width';
import { IconSend } from './contest-icons';
import { QuestionGrid } from './question-grid';

export interface SummaryViewProps {
  total: number;
  answered: number;
  saved: SavedAnswers;
  onJump: (index: number) => void;
  onReview: () => void;
  onExecute: () => void;
  submitting: boolean;
  executeDisabled: boolean;
}

export function SummaryView({ total, answered, saved, onJump, onReview, onExecute, submitting, executeDisabled }: SummaryViewProps) {
  const columns = matrixColumns(useViewportWidth());
  const percent = percentOf(answered, total);
  const remaining = Math.max(0, total - answered);
  // The control that led here (Review & Submit, Skip on the last question, the last answer's field)
  // is gone with the question view: without this, focus falls to the document and the next Tab
  // starts from the top of the page.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="card ctake-summary" aria-labelledby="ctake-summary-heading">
      <div className="ctake-summary-head">
        <h2 id="ctake-summary-heading" ref={headingRef} tabIndex={-1}>Review &amp; Submit</h2>
        <p className="text-muted">
          {remaining === 0
            ? 'Every question has an answer. Submit when you are ready.'
            : `${remaining} ${remaining === 1 ? 'question is' : 'questions are'} still open. Jump back to any of them, or submit now.`}
        </p>
      </div>

      <dl className="ctake-counts">
        <div className="ctake-count ctake-count-answered">
          <dt>Answered</dt>
          <dd className="tabular">{answered}</dd>
        </div>
        <div className="ctake-count ctake-count-remaining">
          <dt>Remaining</dt>
          <dd className="tabular">{remaining}</dd>
        </div>
        <div className="ctake-count">
          <dt>Total</dt>
          <dd className="tabular">{total}</dd>
        </div>
      </dl>

      <div className="stack-sm">
        <div className="row-between text-small">
          <span className="ctake-summary-label">Progress</span>
          <span className="tabular ctake-summary-percent">{percent}%</span>
        </div>
        <ProgressBar value={percent} label="Contest progress" tone="gradient" size="lg" valueText={`${percent}% answered`} />
      </div>

      <div className="stack-sm">
        <div className="row-between text-small">
          <span className="ctake-summary-label">Question matrix</span>
          <span className="ctake-legend" aria-hidden="true">
            <span className="ctake-legend-item">
              <span className="ctake-legend-swatch ctake-legend-answered" /> Answered
            </span>
            <span className="ctake-legend-item">
              <span className="ctake-legend-swatch" /> Open
            </span>
          </span>
        </div>
        <QuestionGrid total={total} saved={saved} current={null} onJump={onJump} columns={columns} variant="matrix" label="Question matrix" disabled={submitting} />
      </div>

      <PlayFeedback containerId={CONTEST_FEEDBACK_CONTAINER} />
      <div className="ctake-summary-actions">
        <Button variant="ghost" size="lg" onClick={onReview} disabled={submitting}>
          Review Questions
        </Button>
        <Button size="lg" onClick={onExecute} disabled={executeDisabled} aria-busy={submitting || undefined} icon={submitting ? undefined : <IconSend size={18} />}>
          {submitting ? TAKE_MESSAGES.computing : 'Execute Submit'}
        </Button>
      </div>
    </section>
  );
}
