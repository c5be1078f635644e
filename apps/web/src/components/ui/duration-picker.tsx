import { useId } from 'react';
import { cx } from './cx';

export interface DurationPickerProps<T extends number> {
  /** Visible legend, e.g. 'Duration'. */
  legend: string;
  /** Choices in minutes (spec §5: 1, 2, 3 or 5). */
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** Hide the legend visually (still read by screen readers). */
  hideLegend?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A segmented choice of durations in minutes, built on native radio buttons so arrow keys, Tab and
 * screen readers behave as they do for any radio group.
 */
export function DurationPicker<T extends number>({
  legend,
  options,
  value,
  onChange,
  hideLegend = false,
  disabled = false,
  className,
}: DurationPickerProps<T>) {
  const name = useId();
  return (
    <fieldset className={cx('fieldset-reset stack-sm', className)} disabled={disabled}>
      <legend className={hideLegend ? 'visually-hidden' : 'field-label'} style={hideLegend ? undefined : { marginBottom: 6 }}>
        {legend}
      </legend>
      <div className="segmented">
        {options.map((minutes) => (
          <label key={minutes} className="segmented-option">
            <input
              type="radio"
              name={name}
              value={minutes}
              checked={value === minutes}
              onChange={() => onChange(minutes)}
            />
            <span>
              {minutes} min
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
