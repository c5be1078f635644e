/**
 * The Summary tab (spec §2 "Contest results": Performance, Contest Stats, Time Analysis,
 * Performance Insights). Accuracy is correct / answered; pace is answers per total time × 60; the
 * strengths note reads 'Excellent work' at 15 or more correct; the next steps differ for rank ≤ 10
 * (in a field large enough, never for the last place: `honours`).
 * Before close, what depends on the correct answers (by difficulty, missed topics) waits for it,
 * and so do the field's averages (lib/field-stats: the server publishes them at close), which read
 * "Available at close" rather than the 0 the server sends meanwhile. Insights are worded for the
 * outcome (lib/performance `workOnInsight`, `nextStepsText`): a perfect paper has no "topics you
 * missed". Fastest and slowest show only when they are different questions with different times;
 * an answer time that rounds to 0 reads "< 1 s" (lib/format-duration).
 */
import { CONTEST } from '@mathsprint/shared/constants';
import type { RankHonours } from '@mathsprint/shared/domain';
import type { ContestStats } from '@mathsprint/shared/protocol';
import type { ReactNode } from 'react';
import { Card, formatMmSs, IconBolt, ProgressBar } from '../../../../components/ui';
import { IconBulb, IconChart, IconClock, IconTarget } from './results-icons';
import { formatDuration } from '../../../../lib/format-duration';
import { fieldFigures, vsAverageText } from '../lib/field-stats';
import type { GradedAttempt } from '../lib/graded';
import {
  accuracyPercent,
  answeredOf,
  answerTimes,
  difficultyBreakdown,
  missedTopics,
  nextStepsText,
  pacePerMinute,
  ratingDeltaText,
  secondsPerAnswer,
  strengthsNote,
  topicLabel,
  workOnInsight,
  workOnText,
} from '../lib/performance';

export interface SummaryTabProps {
  /** Shown only once graded (after close, issue #47). */
  attempt: GradedAttempt;
  /** The place's rank honours (lib/outcome-message `placeHonours`); null before finalization. */
  honours: RankHonours | null;
  stats: ContestStats | null;
  questionCount: number;
  /** The contest is finalized: rank, answers and rating are out. */
  final: boolean;
}

/** Shown in place of a field average before close. */
const AT_CLOSE = 'Available at close';

function Pending({ children = AT_CLOSE }: { children?: ReactNode }) {
  return <span className="text-muted cresults-metric-pending">{children}</span>;
}

function Metric({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="cresults-metric">
      <dt>{label}</dt>
      <dd>
        <span className="tabular">{children}</span>
        {hint ? <span className="cresults-metric-hint">{hint}</span> : null}
      </dd>
    </div>
  );
}

export function SummaryTab({ attempt, honours, stats, questionCount, final }: SummaryTabProps) {
  const answered = answeredOf(attempt);
  const accuracy = accuracyPercent(attempt.correctCount, answered);
  const pace = pacePerMinute(answered, attempt.totalTimeSpent);
  const times = answerTimes(attempt.answers);
  const perAnswer = secondsPerAnswer(attempt.answers);
  const byDifficulty = final ? difficultyBreakdown(attempt.answers) : [];
  const tally = { correct: attempt.correctCount, answered, questionCount };
  const workOn = workOnInsight(tally, final, final ? missedTopics(attempt.answers) : []);
  const delta = ratingDeltaText(attempt.ratingChange);
  const field = fieldFigures(stats, attempt.totalScore);
  const noField = field.state === 'none' ? <span className="text-muted">—</span> : <Pending />;

  return (
    <div className="cresults-summary-grid">
      <Card title="Performance" icon={<IconTarget size={18} />} headingLevel={3} tone="tight">
        <dl className="cresults-metrics">
          <Metric label="Score">
            {attempt.totalScore} <small>/ {questionCount * CONTEST.pointsPerQuestion} pts</small>
          </Metric>
          <Metric label="Correct">{attempt.correctCount}</Metric>
          <Metric label="Incorrect">{attempt.wrongCount}</Metric>
          <Metric label="Unanswered">{Math.max(0, questionCount - answered)}</Metric>
          <Metric label="Accuracy" hint={`${attempt.correctCount} of ${answered} answered`}>
            {accuracy}%
          </Metric>
          <Metric label="Rating">
            {attempt.ratingChange ? (
              <>
                {Math.round(attempt.ratingChange.before)} → {Math.round(attempt.ratingChange.after)}{' '}
                <span className={delta?.startsWith('+') ? 'text-success' : delta?.startsWith('−') ? 'text-danger' : 'text-muted'}>({delta})</span>
              </>
            ) : (
              final ? <span className="text-muted">Unchanged</span> : <Pending>Updated at close</Pending>
            )}
          </Metric>
        </dl>
        <ProgressBar value={accuracy} label="Accuracy" tone="success" size="sm" valueText={`${accuracy}% accuracy`} className="cresults-card-bar" />
        {byDifficulty.length > 0 ? (
          <div className="cresults-difficulty">
            <p className="cresults-subhead">By difficulty</p>
            {byDifficulty.map((row) => (
              <div key={row.difficulty} className="cresults-difficulty-row">
                <span className={`badge ctake-difficulty ctake-difficulty-${row.difficulty}`}>{row.difficulty}</span>
                <ProgressBar value={(row.correct / row.total) * 100} label={`${row.difficulty} questions correct`} size="sm" tone="primary" valueText={`${row.correct} of ${row.total}`} />
                <span className="tabular text-small">
                  {row.correct}/{row.total}
                </span>
              </div>
            ))}
          </div>
        ) : null}
      </Card>

      <Card title="Contest Stats" icon={<IconChart size={18} />} headingLevel={3} tone="tight">
        {stats ? (
          <dl className="cresults-metrics">
            <Metric label="Registered">{stats.totalRegistered}</Metric>
            <Metric label="Completed">{stats.completedAttempts}</Metric>
            <Metric label="Completion rate">{Math.round(stats.completionRate)}%</Metric>
            <Metric label="Average score">
              {field.state === 'ready' ? (
                <>
                  {field.averageScore} <small>pts</small>
                </>
              ) : (
                noField
              )}
            </Metric>
            <Metric label="Average correct">{field.state === 'ready' ? field.averageCorrect : noField}</Metric>
            <Metric label="You vs average">
              {field.state === 'ready' && field.vsAverage !== null ? (
                <span className={field.vsAverage > 0 ? 'text-success' : field.vsAverage < 0 ? 'text-danger' : undefined}>{vsAverageText(field.vsAverage)}</span>
              ) : (
                noField
              )}
            </Metric>
          </dl>
        ) : (
          <p className="text-muted text-small">Contest statistics are not available right now.</p>
        )}
        {stats && field.state === 'at-close' ? (
          <p className="text-muted text-small cresults-card-note">The field’s averages cover every finished paper, so they are published when the contest closes.</p>
        ) : null}
        {field.state === 'none' ? <p className="text-muted text-small cresults-card-note">Nobody had finished the contest, so there is no average.</p> : null}
      </Card>

      <Card title="Time Analysis" icon={<IconClock size={18} />} headingLevel={3} tone="tight">
        <dl className="cresults-metrics">
          <Metric label="Total time" hint="start to submit">
            {formatMmSs(attempt.totalTimeSpent)}
          </Metric>
          <Metric label="Per answer" hint="mean time on a question">
            {perAnswer === null ? '—' : formatDuration(perAnswer)}
          </Metric>
          <Metric label="Pace" hint="answers per minute">
            {pace}
          </Metric>
          <Metric label="Field average">{field.state === 'ready' ? formatMmSs(field.averageTimeSpent) : field.state === 'none' ? '—' : <Pending />}</Metric>
          {times.kind === 'range' ? (
            <>
              <Metric label="Fastest">
                Q{times.fastest.questionNumber} · {formatDuration(times.fastest.timeSpent)}
              </Metric>
              <Metric label="Slowest">
                Q{times.slowest.questionNumber} · {formatDuration(times.slowest.timeSpent)}
              </Metric>
            </>
          ) : times.kind === 'single' ? (
            <Metric label="Answer time" hint="your only answer">
              Q{times.question.questionNumber} · {formatDuration(times.question.timeSpent)}
            </Metric>
          ) : times.kind === 'even' ? (
            <Metric label="Answer time" hint={`each of your ${times.count} answers`}>
              {formatDuration(times.timeSpent)}
            </Metric>
          ) : null}
        </dl>
      </Card>

      <Card title="Performance Insights" icon={<IconBulb size={18} />} headingLevel={3} tone="tight">
        <ul className="list-reset cresults-insights" role="list">
          <li className="cresults-insight cresults-insight-strength">
            <span className="cresults-insight-label">Strengths</span>
            <p>{strengthsNote(attempt.correctCount, accuracy, answered)}</p>
          </li>
          <li className="cresults-insight cresults-insight-improve">
            <span className="cresults-insight-label">To work on</span>
            {workOn.kind === 'topics' ? (
              <p>
                Most missed: {workOn.topics.map((t, i) => (
                  <span key={t}>
                    {i > 0 ? ', ' : ''}
                    <strong>{topicLabel(t)}</strong>
                  </span>
                ))}
                . Review them in the Answers tab.
              </p>
            ) : (
              <p>{workOnText(workOn)}</p>
            )}
          </li>
          <li className="cresults-insight cresults-insight-next">
            <span className="cresults-insight-label">
              <IconBolt size={14} /> Next steps
            </span>
            <p>{nextStepsText(honours, tally)}</p>
          </li>
        </ul>
      </Card>
    </div>
  );
}
