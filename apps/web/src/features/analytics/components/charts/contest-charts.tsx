/**
 * The analytics panel's three Chart.js charts (spec §2 "Analytics panel": a line chart of score and
 * a bar chart of accuracy over the 10 most recent contests, oldest first; a doughnut of correct
 * against incorrect answers). This module is the ONLY importer of chart.js / react-chartjs-2 and is
 * loaded lazily (lazy-charts.tsx), so the home page bundle does not carry Chart.js. Only the
 * controllers, elements, scales and plugins used here are registered (tree-shaking keeps the rest out).
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type TooltipItem,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { ChartSeries } from '../../lib/analytics';

ChartJS.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Filler,
  Tooltip,
  Legend,
);

// Ticks and legend in the page's own font rather than Chart.js's Helvetica/Arial default.
if (typeof document !== 'undefined' && document.body) {
  const family = getComputedStyle(document.body).fontFamily;
  if (family) ChartJS.defaults.font.family = family;
}

// Canvas cannot read CSS custom properties; these mirror styles/tokens.css.
const PRIMARY = '#4f46e5';
const PRIMARY_FILL = 'rgba(79, 70, 229, 0.12)';
const SUCCESS = '#16a34a';
const DANGER = '#dc2626';
const ACCENT = '#f59e0b';
const GRID = '#e2e5f1';
const MUTED = '#5d6385';
const NEUTRAL = '#c7cbe0';

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

function cartesianOptions(max: number, unit: string, series: ChartSeries): ChartOptions<'line' | 'bar'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items: TooltipItem<'line' | 'bar'>[]) => {
            const i = items[0]?.dataIndex ?? 0;
            return `${series.titles[i] ?? ''} (${series.labels[i] ?? ''})`;
          },
          label: (item: TooltipItem<'line' | 'bar'>) => `${item.formattedValue}${unit}`,
        },
      },
    },
    scales: {
      // offset: a lone contest's point sits in the middle, as its bar does, not on the y axis.
      x: { offset: true, grid: { display: false }, ticks: { color: MUTED, maxRotation: 0, autoSkip: true } },
      y: { min: 0, max, ticks: { color: MUTED, stepSize: max / 4 }, grid: { color: GRID } },
    },
  };
}

export interface SeriesChartProps {
  series: ChartSeries;
  /** Accessible description of the chart (canvas has no text of its own). */
  label: string;
  /** Top of the y axis: 100 points for the score, 100 % for accuracy. */
  max?: number;
}

/** Line chart of score (points) per contest, oldest first. */
export function ScoreLineChart({ series, label, max = 100 }: SeriesChartProps) {
  return (
    <Chart
      type="line"
      role="img"
      aria-label={label}
      data={{
        labels: series.labels,
        datasets: [
          {
            label: 'Score',
            data: series.scores,
            borderColor: PRIMARY,
            backgroundColor: PRIMARY_FILL,
            pointBackgroundColor: PRIMARY,
            pointRadius: 4,
            pointHoverRadius: 6,
            borderWidth: 2.5,
            tension: 0.3,
            fill: true,
          },
        ],
      }}
      options={cartesianOptions(max, ' pts', series) as ChartOptions<'line'>}
    />
  );
}

/** Bar chart of accuracy (%) per contest, oldest first. */
export function AccuracyBarChart({ series, label, max = 100 }: SeriesChartProps) {
  return (
    <Chart
      type="bar"
      role="img"
      aria-label={label}
      data={{
        labels: series.labels,
        datasets: [
          {
            label: 'Accuracy',
            data: series.accuracy,
            backgroundColor: ACCENT,
            hoverBackgroundColor: '#d97706',
            borderRadius: 6,
            maxBarThickness: 36,
          },
        ],
      }}
      options={cartesianOptions(max, '%', series) as ChartOptions<'bar'>}
    />
  );
}

export interface AnswersDoughnutProps {
  correct: number;
  incorrect: number;
  /** Questions left blank: a neutral third slice, drawn only when there are some. */
  unanswered?: number;
  label: string;
}

/** Doughnut of correct against incorrect (and not answered) questions over the whole history. */
export function AnswersDoughnut({ correct, incorrect, unanswered = 0, label }: AnswersDoughnutProps) {
  const withBlank = unanswered > 0;
  return (
    <Chart
      type="doughnut"
      role="img"
      aria-label={label}
      data={{
        labels: withBlank ? ['Correct', 'Incorrect', 'Not answered'] : ['Correct', 'Incorrect'],
        datasets: [
          {
            data: withBlank ? [correct, incorrect, unanswered] : [correct, incorrect],
            backgroundColor: withBlank ? [SUCCESS, DANGER, NEUTRAL] : [SUCCESS, DANGER],
            borderColor: '#ffffff',
            borderWidth: 2,
            hoverOffset: 6,
          },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion() ? false : undefined,
        cutout: '62%',
        plugins: {
          legend: { position: 'bottom', labels: { color: MUTED, usePointStyle: true, boxWidth: 8, padding: 16 } },
        },
      }}
    />
  );
}
