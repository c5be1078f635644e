import { describe, expect, it } from 'vitest';
import { formatMmSs } from './time';

describe('formatMmSs', () => {
  it('pads seconds and keeps minutes unpadded', () => {
    expect(formatMmSs(0)).toBe('0:00');
    expect(formatMmSs(5)).toBe('0:05');
    expect(formatMmSs(65)).toBe('1:05');
    expect(formatMmSs(300)).toBe('5:00');
    expect(formatMmSs(659.9)).toBe('10:59');
  });

  it('never shows a negative or non-finite time', () => {
    expect(formatMmSs(-3)).toBe('0:00');
    expect(formatMmSs(Number.NaN)).toBe('0:00');
    expect(formatMmSs(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});
