import { describe, expect, it } from 'vitest';
import { stillPlayingClock } from './results-status';

describe('stillPlayingClock', () => {
  it('shows the clock in m:ss, kept on one line', () => {
    expect(stillPlayingClock(38)).toBe('0:38\u00a0left');
    expect(stillPlayingClock(125)).toBe('2:05\u00a0left');
  });

  it('shows nothing before the first tick, and at 0', () => {
    expect(stillPlayingClock(null)).toBeNull();
    expect(stillPlayingClock(0)).toBeNull();
    expect(stillPlayingClock(Number.NaN)).toBeNull();
  });
});
