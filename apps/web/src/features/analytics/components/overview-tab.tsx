/**
 * Overview tab (spec §2): four tiles, a line chart of score and a bar chart of accuracy over the 10
 * most recent contests (oldest first), a doughnut of correct against incorrect answers, and the
 * badge list. The charts are lazy (lazy-charts.tsx).
 */
import { CONTEST } from '@mathsprint/shared/constants';
import type { ContestProgress } from '@mathsprint/shared/protocol';
import { useMemo } from 'react';
import { BadgeList } from '../../contest/components/badge-chip';
import { answerTotals, badgeCodeFor, chartSeries, overviewTiles } from '../lib/analytics';
import { AccuracyChart, AnswersChart, ScoreChart } from './charts/lazy-charts';

export function OverviewTab({ progress }: { progress: ContestProgress }) {
  const series = useMemo(() => chartSeries(progress.history, CONTEST.chartContests), [progress.history]);
  const totals = useMemo(() => answerTotals(progress.history), [progress.history]);
  const tiles = overviewTiles(progress);
  const n = series.scores.length;
  const recent = n === 1 ? 'Your contest' : `Last ${n} contests, oldest first`;

  return (
    <div className="analytics-overview">
      <dl className="analytics-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="analytics-tile">
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
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
            {totals.correct + totals.incorrect > 0 ? (
              <AnswersChart
                correct={totals.correct}
                incorrect={totals.incorrect}
                label={`${totals.correct} correct and ${totals.incorrect} incorrect answers`}
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
