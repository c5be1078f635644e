import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSeasonUpdateThrottle } from './season-updates.js';

describe('createSeasonUpdateThrottle (issue #4: seasonUpdate at most once per second)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first change at once and folds a burst into one trailing event a second later', () => {
    const sent: Array<{ at: number; month: number }> = [];
    const start = Date.now();
    const throttle = createSeasonUpdateThrottle({ now: () => Date.now() }, (s) => sent.push({ at: Date.now() - start, month: s.month }));
    throttle.push({ year: 2026, month: 1 });
    vi.advanceTimersByTime(100);
    for (let i = 0; i < 20; i++) throttle.push({ year: 2026, month: 2 });
    vi.advanceTimersByTime(2000);
    throttle.push({ year: 2026, month: 2 });
    expect(sent).toEqual([
      { at: 0, month: 1 },
      { at: 1000, month: 2 },
      { at: 2100, month: 2 },
    ]);
    throttle.close();
  });

  it('sends nothing after close', () => {
    const emit = vi.fn();
    const throttle = createSeasonUpdateThrottle({ now: () => Date.now() }, emit);
    throttle.push({ year: 2026, month: 1 });
    throttle.push({ year: 2026, month: 1 });
    throttle.close();
    vi.advanceTimersByTime(5000);
    expect(emit).toHaveBeenCalledTimes(1);
  });
});
