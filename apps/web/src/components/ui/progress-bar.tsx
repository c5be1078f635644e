import { cx } from './cx';

export interface ProgressBarProps {
  /** Percentage; clamped to 0–100 (spec §9 "Progress is clamped to 0–100%"). */
  value: number;
  /** Accessible name, e.g. 'Rating' or 'Game progress'. */
  label: string;
  /** Colour: 'primary' (default), 'success', 'accent' or 'gradient'. */
  tone?: 'primary' | 'success' | 'accent' | 'gradient';
  /** Height: 'sm' 6 px, 'md' 10 px (default), 'lg' 14 px. */
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers instead of "N%" (aria-valuetext). */
  valueText?: string;
  className?: string;
}

/** Clamps a percentage to 0–100; NaN becomes 0. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return value === Number.POSITIVE_INFINITY ? 100 : 0;
  return Math.min(100, Math.max(0, value));
}

/** A horizontal progress bar with role="progressbar". */
export function ProgressBar({ value, label, tone = 'primary', size = 'md', valueText, className }: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <div
      className={cx('progress', size !== 'md' && `progress-${size}`, tone !== 'primary' && `progress-${tone}`, className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={valueText}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
