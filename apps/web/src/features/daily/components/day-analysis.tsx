/**
 * The day analysis panel (spec §2: "After a calendar day is clicked, a day analysis panel shows
 * Solved / Missed / Out of Range"), over every selected day; one selected day also shows its sets,
 * practice points and the streak it reached.
 */
import type { DailyStreakDay } from '@mathsprint/shared/protocol';
import { longDate, type DayAnalysis } from '../lib/calendar';
import { counted } from '../../../lib/plural';

export interface DayAnalysisPanelProps {
  analysis: DayAnalysis;
  selectedCount: number;
  single?: { date: string; day: DailyStreakDay | undefined } | undefined;
}

export function DayAnalysisPanel({ analysis, selectedCount, single }: DayAnalysisPanelProps) {
  return (
    <section className="daily-analysis" aria-labelledby="daily-analysis-title" aria-live="polite">
      <div className="daily-analysis-head">
        <h3 id="daily-analysis-title" className="daily-analysis-title">
          Day analysis
        </h3>
        <p className="text-small text-muted">
          {single ? longDate(single.date) : `${selectedCount} days selected`}
        </p>
      </div>
      <dl className="daily-analysis-stats">
        <div className="daily-analysis-stat daily-analysis-stat--solved">
          <dt>Solved</dt>
          <dd>{analysis.solved}</dd>
        </div>
        <div className="daily-analysis-stat daily-analysis-stat--missed">
          <dt>Missed</dt>
          <dd>{analysis.missed}</dd>
        </div>
        <div className="daily-analysis-stat daily-analysis-stat--out">
          <dt>Out of Range</dt>
          <dd>{analysis.outOfRange}</dd>
        </div>
      </dl>
      {single?.day?.solved ? (
        <p className="daily-analysis-detail">
          {counted(single.day.count, 'set')} solved · {single.day.practicePoints} practice points · streak{' '}
          {counted(single.day.streakCount, 'day')}
        </p>
      ) : analysis.submissions > 0 ? (
        <p className="daily-analysis-detail">{counted(analysis.submissions, 'set')} solved on the selected days</p>
      ) : null}
    </section>
  );
}
