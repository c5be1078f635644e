/**
 * Overview tab (spec §2): four tiles, a line chart of score and a bar chart of accuracy over the 10
 * most recent contests (oldest first), a doughnut of correct against incorrect answers (the questions
 * left blank apart, as "Not answered"), and the badge list. The charts are lazy (lazy-charts.tsx).
 */
import { CONTEST } from '@mathsprint/shared/constants';
import type { ContestAttempt, ContestProgress } from '@mathsprint/shared/protocol';
import { useMemo } from 'react';
import { BadgeList } from '../../contest';
import { answerTotals, badgeCodeFor, chartSeries, overviewTiles, type AnswerTotals } from '../lib/analytics';
import { AccuracyChart, AnswersChart, ScoreChart } from './charts/lazy-charts';

/** The doughnut's accessible text, e.g. "3 correct, 1 incorrect and 16 not answered". */
function answersLabel({ correct, incorrect, unanswered }: AnswerTotals): string {
  const parts = [`${correct} correct`, `${incorrect} incorrect`];
  return unanswered > 0 ? `${parts.join(', ')} and ${unanswered} not answered` : parts.join(' and ');
}

export interface OverviewTabProps {
  progress: ContestProgress;
  /** The caller's attempts (GET /contest/history), for the doughnut's wrong counts. */
  attempts?: readonly ContestAttempt[];
}

const NO_ATTEMPTS: readonly ContestAttempt[] = [];

export function OverviewTab({ progress, attempts = NO_ATTEMPTS }: OverviewTabProps) {
  const series = useMemo(() => chartSeries(progress.history, CONTEST.chartContests), [progress.history]);
  const totals = useMemo(() => answerTotals(progress.history, attempts), [progress.history, attempts]);
  const tiles = overviewTiles(progress);
  const n = series.scores.length;
  const recent = n === 1 ? 'Your contest' : `Last ${n} contests, oldest first`;

  return (
    <div className="analytics-overview">
      <dl className="analytics-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="analytics-tile">
            <dt>{tile.label}</dt>
            <dd>
              {tile.value}
              {tile.unit ? <span className="analytics-tile-unit"> {tile.unit}</span> : null}
            </dd>
          </div>
        ))}
      </dl>

      <div className="analytics-charts">
        <figure className="analytics-chart">
          <figcaption>
            Score <span>{recent}</span>
          </figcaption>
          <div className="chart-box">
            <ScoreChart
              series={series}
              max={CONTEST.maxScore}
              label={`Score, ${recent.toLowerCase()}: ${series.scores.join(', ')} points`}
            />
          </div>
        </figure>
        <figure className="analytics-chart">
          <figcaption>
            Accuracy <span>{recent}</span>
          </figcaption>
          <div className="chart-box">
            <AccuracyChart series={series} label={`Accuracy, ${recent.toLowerCase()}: ${series.accuracy.map((a) => `${a}%`).join(', ')}`} />
          </div>
        </figure>
        <figure className="analytics-chart analytics-chart--doughnut">
          <figcaption>
            Correct vs incorrect <span>All your contests</span>
          </figcaption>
          <div className="chart-box">
            {totals.correct + totals.incorrect + totals.unanswered > 0 ? (
              <AnswersChart
                correct={totals.correct}
                incorrect={totals.incorrect}
                unanswered={totals.unanswered}
                label={answersLabel(totals)}
              />
            ) : (
              <p className="chart-none">No answers yet</p>
            )}
          </div>
        </figure>
      </div>

      <section className="analytics-badges" aria-labelledby="analytics-badges-title">
        <h3 id="analytics-badges-title" className="analytics-section-title">
          Badges
        </h3>
        {progress.badges.length > 0 ? (
          <BadgeList codes={progress.badges.map(badgeCodeFor)} />
        ) : (
          <p className="text-muted text-small">No badges yet.</p>
        )}
      </section>
    </div>
  );
}
