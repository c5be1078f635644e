/**
 * Details view of one past contest (spec §2 "Details"; issue #3): score, correct/total, rank ('N/A'
 * if none), time as m:ss and badges earned; then each question with its number, difficulty, time
 * spent, a correct/incorrect mark, the text, the user's answer beside the correct one (numeric
 * answers, no lettered options: issue #3) and the explanation. A question never answered is marked
 * 'Not answered' with a neutral dash, as the contest results' Answers tab marks it (the shared
 * contest/lib/answer-verdict.ts), not as incorrect. Back returns to the overview.
 */
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { formatMmSs } from '../../../components/ui/time';
import { answerVerdict, BadgeList, VERDICT_TEXT, type AnswerVerdict } from '../../contest';
import { useContestDetails } from '../hooks/use-analytics';
import { formatDuration } from '../../../lib/format-duration';
import { difficultyDisplay, formatAnswer, formatRank, longDate } from '../lib/analytics';

/** CSS state and glyph of each mark: unanswered is neutral, neither the success nor the danger colour. */
const VERDICT_LOOK: Record<AnswerVerdict, { className: string; glyph: string }> = {
  correct: { className: 'is-correct', glyph: '✓' },
  incorrect: { className: 'is-wrong', glyph: '✗' },
  unanswered: { className: 'is-blank', glyph: '–' },
  pending: { className: 'is-blank', glyph: '…' },
};

export interface DetailsViewProps {
  contestId: string;
  onBack: () => void;
}

export function DetailsView({ contestId, onBack }: DetailsViewProps) {
  const details = useContestDetails(contestId);
  const data = details.data?.contestDetails;
  const ref = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Opened from low in the history list: show the details from their top.
    const el = ref.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
    // The history entry that opened this view is gone: focus its first control rather than
    // leaving focus on the document (preventScroll: the line above decides the scroll).
    backRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={ref} className="analytics-details">
      <div className="details-top">
        <Button ref={backRef} variant="secondary" size="sm" onClick={onBack}>
          <span aria-hidden="true">← </span>Back to overview
        </Button>
      </div>

      {details.isPending ? (
        <div className="analytics-loading" role="status" aria-busy="true" aria-label="Loading contest details">
          <span className="skeleton" />
          <span className="skeleton" />
        </div>
      ) : !data ? (
        <p className="alert alert-error">The details of this contest could not be loaded.</p>
      ) : (
        <>
          <div>
            <h3 className="details-title">{data.contest.title}</h3>
            <p className="text-muted text-small">
              <time dateTime={data.contest.openTime}>{longDate(data.contest.openTime)}</time>
            </p>
          </div>
          <dl className="analytics-tiles details-tiles">
            <div className="analytics-tile">
              <dt>Score</dt>
              <dd>
                {data.attempt.score}
                <span className="analytics-tile-unit"> pts</span>
              </dd>
            </div>
            <div className="analytics-tile">
              <dt>Correct</dt>
              <dd>
                {data.attempt.correctAnswers}/{data.attempt.totalQuestions}
              </dd>
            </div>
            <div className="analytics-tile">
              <dt>Rank</dt>
              <dd>{formatRank(data.attempt.rank)}</dd>
            </div>
            <div className="analytics-tile">
              <dt>Time</dt>
              <dd>{formatMmSs(data.attempt.totalTime)}</dd>
            </div>
          </dl>
          <section aria-labelledby="details-badges-title">
            <h4 id="details-badges-title" className="analytics-section-title">
              Badges earned
            </h4>
            {data.attempt.badges.length > 0 ? (
              <BadgeList codes={data.attempt.badges} />
            ) : (
              <p className="text-muted text-small">No badges in this contest.</p>
            )}
          </section>

          <section aria-labelledby="details-review-title">
            <h4 id="details-review-title" className="analytics-section-title">
              Question review
            </h4>
            {data.questions.length === 0 ? (
              <p className="text-muted text-small">No questions recorded.</p>
            ) : (
              <ol className="review-list list-reset">
                {data.questions.map((q) => {
                  const difficulty = difficultyDisplay(q.difficulty);
                  const verdict = answerVerdict(q);
                  const look = VERDICT_LOOK[verdict];
                  return (
                    <li key={q.questionNumber} className={cx('review-item', look.className)}>
                      <div className="review-head">
                        <span className="review-number">Q{q.questionNumber}</span>
                        <span className={`review-difficulty review-difficulty--${difficulty.tone}`}>{difficulty.label}</span>
                        {/* As in the results' Answers tab: a question never answered has no time (not "< 1 s"). */}
                        {verdict === 'unanswered' ? null : <span className="review-time">{formatDuration(q.timeSpent)}</span>}
                        <span className={cx('review-mark', look.className)}>
                          <span aria-hidden="true">{look.glyph}</span> {VERDICT_TEXT[verdict]}
                        </span>
                      </div>
                      <p className="review-question">{q.question}</p>
                      <div className="review-answers">
                        <p className={cx('review-answer', look.className)}>
                          <span>Your answer</span>
                          <strong>{formatAnswer(q.userAnswer)}</strong>
                        </p>
                        <p className="review-answer is-right">
                          <span>Correct answer</span>
                          <strong>{formatAnswer(q.correctAnswer)}</strong>
                        </p>
                      </div>
                      {q.explanation ? <p className="review-explanation">{q.explanation}</p> : null}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
          <div>
            <Button variant="secondary" size="sm" onClick={onBack}>
              ← Back to overview
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
