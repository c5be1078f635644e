import { describe, expect, it } from 'vitest';
import { formatDuration, UNDER_A_SECOND } from './format-duration';

describe('formatDuration', () => {
  it('reads "< 1 s" for a time that rounds to 0, never "0 s" or "0s"', () => {
    expect(formatDuration(0)).toBe(UNDER_A_SECOND);
    expect(formatDuration(0.4)).toBe('< 1 s');
  });

  it('rounds to the nearest whole second', () => {
    expect(formatDuration(0.5)).toBe('1 s');
    expect(formatDuration(1)).toBe('1 s');
    expect(formatDuration(6.4)).toBe('6 s');
    expect(formatDuration(59.4)).toBe('59 s');
  });

  it('writes minutes and padded seconds from a minute', () => {
    expect(formatDuration(59.5)).toBe('1 min 00 s');
    expect(formatDuration(65)).toBe('1 min 05 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
  });

  it('shows a dash for a time that is not one', () => {
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
