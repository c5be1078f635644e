/**
 * The question being answered (spec §2 "Question view"): its number, difficulty and points, the
 * text, the numeric field (any decimal; Enter submits) with Submit Answer and its feedback toasts
 * (PlayFeedback: 'Please enter an answer' and the like, covering nothing), then 'Skip for Now'
 * (or 'Review & Submit' on the last question), Previous and Next.
 */
import type { ContestQuestion } from '@mathsprint/shared/protocol';
import type { RefObject } from 'react';
import { AnswerForm, Button, PlayFeedback, QuestionText } from '../../../../components/ui';
import { CONTEST_FEEDBACK_CONTAINER } from '../lib/messages';
import { IconArrowLeft, IconArrowRight, IconCheck } from './contest-icons';
import { counted } from '../../../../lib/plural';

export interface QuestionPanelProps {
  question: ContestQuestion | undefined;
  index: number;
  total: number;
  /** The answer the server holds for this question, if any. */
  saved: number | undefined;
  input: string;
  onInput: (value: string) => void;
  onSubmit: () => void;
  onNext: () => void;
  onPrevious: () => void;
  last: boolean;
  answering: boolean;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function QuestionPanel({
  question,
  index,
  total,
  saved,
  input,
  onInput,
  onSubmit,
  onNext,
  onPrevious,
  last,
  answering,
  disabled,
  inputRef,
}: QuestionPanelProps) {
  const points = question?.points ?? 0;
  return (
    <section className="card ctake-question-card" aria-labelledby="ctake-question-heading">
      <div className="ctake-question-top">
        <h2 id="ctake-question-heading" className="ctake-question-number">
          Question {index + 1}
          <span className="visually-hidden"> of {total}</span>
        </h2>
        <div className="cluster">
          {question ? <span className={`badge ctake-difficulty ctake-difficulty-${question.difficulty}`}>{question.difficulty}</span> : null}
          <span className="badge badge-primary tabular">
            {counted(points, 'point')}
          </span>
        </div>
      </div>

      <QuestionText question={question?.question} className="ctake-question-text" />

      {saved !== undefined ? (
        <p className="ctake-saved">
          <IconCheck size={16} /> Saved answer: <strong className="tabular">{saved}</strong>
          <span className="text-muted"> · submit again to change it</span>
        </p>
      ) : null}

      <AnswerForm
        className="ctake-answer-form"
        value={input}
        onChange={onInput}
        onSubmit={onSubmit}
        inputRef={inputRef}
        busy={answering}
        disabled={disabled}
      />
      <PlayFeedback containerId={CONTEST_FEEDBACK_CONTAINER} />

      <div className="ctake-nav">
        <Button variant="ghost" onClick={onPrevious} disabled={disabled || index === 0} icon={<IconArrowLeft size={18} />} className="ctake-nav-prev">
          Previous
        </Button>
        <Button variant="secondary" onClick={onNext} disabled={disabled} className="ctake-nav-skip">
          {last ? 'Review & Submit' : 'Skip for Now'}
        </Button>
        <Button variant="ghost" onClick={onNext} disabled={disabled} className="ctake-nav-next">
          Next <IconArrowRight size={18} />
        </Button>
      </div>
    </section>
  );
}
