/**
 * The Summary tab (spec §2 "Contest results": Performance, Contest Stats, Time Analysis,
 * Performance Insights). Accuracy is correct / answered; pace is answers per total time × 60; the
 * strengths note reads 'Excellent work' at 15 or more correct; the next steps differ for rank ≤ 10.
 * Before close, what depends on the correct answers (by difficulty, missed topics) waits for it.
 */
import { CONTEST } from '@mathsprint/shared/constants';
import type { ContestAttempt, ContestStats } from '@mathsprint/shared/protocol';
import type { ReactNode } from 'react';
import { Card, formatMmSs, IconBolt, ProgressBar } from '../../../../components/ui';
import { IconBulb, IconChart, IconClock, IconTarget } from './results-icons';
import {
  accuracyPercent,
  answeredOf,
  answerTimeExtremes,
  difficultyBreakdown,
  missedTopics,
  nextStepsText,
  pacePerMinute,
  ratingDeltaText,
  secondsPerAnswer,
  strengthsNote,
} from '../lib/performance';

export interface SummaryTabProps {
  attempt: ContestAttempt;
  stats: ContestStats | null;
  questionCount: number;
  /** The contest is finalized: rank, answers and rating are out. */
  final: boolean;
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

export function SummaryTab({ attempt, stats, questionCount, final }: SummaryTabProps) {
  const answered = answeredOf(attempt);
  const accuracy = accuracyPercent(attempt.correctCount, answered);
  const pace = pacePerMinute(answered, attempt.totalTimeSpent);
  const { fastest, slowest } = answerTimeExtremes(attempt.answers);
  const byDifficulty = final ? difficultyBreakdown(attempt.answers) : [];
  const missed = final ? missedTopics(attempt.answers) : [];
  const delta = ratingDeltaText(attempt.ratingChange);
  const vsAverage = stats && stats.completedAttempts > 0 ? Math.round(attempt.totalScore - stats.averageScore) : null;

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
              <span className="text-muted">{final ? 'Unchanged' : 'Updated at close'}</span>
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
              {Math.round(stats.averageScore * 10) / 10} <small>pts</small>
            </Metric>
            <Metric label="Average correct">{Math.round(stats.averageCorrect * 10) / 10}</Metric>
            <Metric label="You vs average">
              {vsAverage === null ? '—' : <span className={vsAverage >= 0 ? 'text-success' : 'text-danger'}>{vsAverage >= 0 ? `+${vsAverage}` : `−${Math.abs(vsAverage)}`} pts</span>}
            </Metric>
          </dl>
        ) : (
          <p className="text-muted text-small">Contest statistics are not available right now.</p>
        )}
      </Card>

      <Card title="Time Analysis" icon={<IconClock size={18} />} headingLevel={3} tone="tight">
        <dl className="cresults-metrics">
          <Metric label="Total time">{formatMmSs(attempt.totalTimeSpent)}</Metric>
          <Metric label="Per answer" hint="total time ÷ answers">{secondsPerAnswer(attempt.totalTimeSpent, answered)} s</Metric>
          <Metric label="Pace" hint="answers per minute">
            {pace}
          </Metric>
          <Metric label="Field average">{stats && stats.completedAttempts > 0 ? formatMmSs(stats.averageTimeSpent) : '—'}</Metric>
          <Metric label="Fastest">{fastest ? `Q${fastest.questionNumber} · ${fastest.timeSpent} s` : '—'}</Metric>
          <Metric label="Slowest">{slowest ? `Q${slowest.questionNumber} · ${slowest.timeSpent} s` : '—'}</Metric>
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
            {!final ? (
              <p>The topics you missed are shown once the contest closes and the answers are revealed.</p>
            ) : missed.length > 0 ? (
              <p>
                Most missed: {missed.map((t, i) => (
                  <span key={t}>
                    {i > 0 ? ', ' : ''}
                    <strong>{t}</strong>
                  </span>
                ))}
                . Review them in the Answers tab.
              </p>
            ) : (
              <p>Nothing missed — a perfect paper.</p>
            )}
          </li>
          <li className="cresults-insight cresults-insight-next">
            <span className="cresults-insight-label">
              <IconBolt size={14} /> Next steps
            </span>
            <p>{nextStepsText(attempt.rank)}</p>
          </li>
        </ul>
      </Card>
    </div>
  );
}
