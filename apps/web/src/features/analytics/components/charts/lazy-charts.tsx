/**
 * The analytics charts, loaded on demand (issue #3: "loaded lazily so the home page does not pay for
 * it"). `import('./contest-charts')` is the only path to Chart.js, so Vite puts Chart.js in its own
 * chunk, fetched the first time the Overview is shown. Each chart sits in its own error boundary:
 * a chart that fails to render, or whose chunk fails to load, shows the 'Chart Error' placeholder
 * (spec §2, §8) and the rest of the panel keeps working.
 */
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import type { AnswersDoughnutProps, SeriesChartProps } from './contest-charts';

const loadCharts = () => import('./contest-charts');

const LazyScore = lazy(() => loadCharts().then((m) => ({ default: m.ScoreLineChart })));
const LazyAccuracy = lazy(() => loadCharts().then((m) => ({ default: m.AccuracyBarChart })));
const LazyAnswers = lazy(() => loadCharts().then((m) => ({ default: m.AnswersDoughnut })));

interface BoundaryState {
  failed: boolean;
}

/** Catches a chart's render (or lazy-load) failure and shows 'Chart Error' instead (spec §8). */
export class ChartErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Chart render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="chart-error" role="img" aria-label="Chart Error">
          <span aria-hidden="true">⚠</span> Chart Error
        </div>
      );
    }
    return this.props.children;
  }
}

function ChartFrame({ children }: { children: ReactNode }) {
  return (
    <ChartErrorBoundary>
      <Suspense fallback={<div className="chart-loading skeleton" aria-label="Loading chart" />}>{children}</Suspense>
    </ChartErrorBoundary>
  );
}

/** Line chart of score, lazily loaded, in its error boundary. */
export function ScoreChart(props: SeriesChartProps) {
  return (
    <ChartFrame>
      <LazyScore {...props} />
    </ChartFrame>
  );
}

/** Bar chart of accuracy, lazily loaded, in its error boundary. */
export function AccuracyChart(props: SeriesChartProps) {
  return (
    <ChartFrame>
      <LazyAccuracy {...props} />
    </ChartFrame>
  );
}

/** Doughnut of correct against incorrect, lazily loaded, in its error boundary. */
export function AnswersChart(props: AnswersDoughnutProps) {
  return (
    <ChartFrame>
      <LazyAnswers {...props} />
    </ChartFrame>
  );
}
