/**
 * The question part of the game screens: 'Question X of N' with a progress bar, and the question
 * text itself (spec §2 "Multiplayer game", "Single-player"; §9 progress clamped to 0–100%).
 */
import { Fragment } from 'react';
import { isLongQuestion, questionChunks } from '../../lib/question-layout';
import { progressPercent, questionNumber } from '../../lib/question-progress';
import { cx } from './cx';
import { ProgressBar } from './progress-bar';
import './question.css';

export interface QuestionProgressProps {
  /** Index of the current question (= questions solved). */
  current: number;
  /** Number of questions. */
  total: number;
  /** Accessible name of the bar, e.g. 'Game progress'. */
  label: string;
}

export function QuestionProgress({ current, total, label }: QuestionProgressProps) {
  const percent = progressPercent(current, total);
  return (
    <div className="stack-sm">
      <div className="row-between text-small">
        <span className="question-count">
          Question {questionNumber(current, total)} of {total}
        </span>
        <span className="text-muted tabular">{percent}%</span>
      </div>
      <ProgressBar value={percent} label={label} tone="gradient" valueText={`${percent}%`} />
    </div>
  );
}

export interface QuestionTextProps {
  /** The question; '…' while there is none. */
  question: string | undefined;
  /** The screen's own class (spacing, and the hook its browser test reads the question by). */
  className?: string;
}

/**
 * The question in large type, announced politely when it changes; a long one (lib/question-layout)
 * smaller and broken between its bracket groups only. Its text content is the question's text.
 */
export function QuestionText({ question, className }: QuestionTextProps) {
  return (
    <p className={cx('question-text', isLongQuestion(question) && 'question-text-long', className)} aria-live="polite">
      {question === undefined
        ? '…'
        : questionChunks(question).map((chunk, i) => (
            <Fragment key={i}>
              {i > 0 ? ' ' : null}
              <span className="question-chunk">{chunk}</span>
            </Fragment>
          ))}
    </p>
  );
}
