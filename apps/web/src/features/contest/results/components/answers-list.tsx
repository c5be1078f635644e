/**
 * The Answers tab (spec §2 "Contest results"): per answer the question number, points, time spent
 * in seconds, difficulty, a correct or incorrect mark, the user's answer, the correct answer, the
 * explanation only when wrong, and topic tags; 'No answers recorded' when empty. Our questions take
 * numeric answers, so the user's answer shows beside the correct one (issue #3). A question never
 * answered gets a neutral dash, not the incorrect cross (contest/lib/answer-verdict.ts), and no
 * time (the server sends 0 for it); an answer under a second reads '< 1 s' (lib/format-duration).
 */
import { CONTEST } from '@mathsprint/shared/constants';
import type { ContestAnswer } from '@mathsprint/shared/protocol';
import { cx } from '../../../../components/ui';
import { formatDuration } from '../../../../lib/format-duration';
import { RESULTS_MESSAGES } from '../lib/messages';
import { topicLabel } from '../lib/performance';
import { IconCheck, IconCross, IconDash } from './results-icons';
import { answerVerdict, VERDICT_LABEL } from '../../lib/answer-verdict';
import { counted } from '../../../../lib/plural';

export function AnswersList({ answers }: { answers: readonly ContestAnswer[] }) {
  if (answers.length === 0) return <p className="cresults-empty">{RESULTS_MESSAGES.noAnswers}</p>;
  const ordered = [...answers].sort((a, b) => a.questionIndex - b.questionIndex);
  return (
    <ol className="list-reset cresults-answers" role="list">
      {ordered.map((a) => {
        const verdict = answerVerdict(a);
        const unanswered = verdict === 'unanswered';
        const correct = verdict === 'correct';
        const earned = a.points ?? (correct ? CONTEST.pointsPerQuestion : 0);
        return (
          <li key={a.questionIndex} className={`cresults-answer cresults-answer-${verdict}`}>
            <div className="cresults-answer-head">
              <span className={`cresults-mark cresults-mark-${verdict}`} aria-hidden="true">
                {correct ? <IconCheck size={16} strokeWidth={3} /> : verdict === 'incorrect' ? <IconCross size={16} strokeWidth={3} /> : <IconDash size={16} strokeWidth={3} />}
              </span>
              <h3 className="cresults-answer-title">
                Question {a.questionIndex + 1}
                <span className="visually-hidden">, {VERDICT_LABEL[verdict]}</span>
              </h3>
              <span className="cresults-answer-meta">
                {a.difficulty ? <span className={`badge ctake-difficulty ctake-difficulty-${a.difficulty}`}>{a.difficulty}</span> : null}
                <span className={cx('badge tabular', correct ? 'badge-success' : '')}>
                  {counted(earned, 'pt')}
                </span>
                {unanswered ? null : <span className="badge tabular">{formatDuration(a.timeSpent)}</span>}
              </span>
            </div>
            {a.question ? <p className="cresults-answer-question tabular">{a.question}</p> : null}
            <dl className="cresults-answer-values">
              <div>
                <dt>Your answer</dt>
                <dd className={cx('tabular', verdict === 'incorrect' && 'text-danger', correct && 'text-success')}>
                  {unanswered ? <span className="cresults-answer-none">Not answered</span> : a.userAnswer}
                </dd>
              </div>
              <div>
                <dt>Correct answer</dt>
                <dd className="tabular">{a.correctAnswer ?? '—'}</dd>
              </div>
            </dl>
            {!correct && a.explanation ? (
              <p className="cresults-explanation">
                <strong>Explanation: </strong>
                {a.explanation}
              </p>
            ) : null}
            {a.topics.length > 0 ? (
              <ul className="list-reset cresults-topics" role="list" aria-label="Topics">
                {a.topics.map((t) => (
                  <li key={t} className="cresults-topic">
                    {topicLabel(t)}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
