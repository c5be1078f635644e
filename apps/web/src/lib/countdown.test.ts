import { describe, expect, it } from 'vitest';
import { secondsLeftAt } from './countdown';

describe('secondsLeftAt', () => {
  it('counts the figure read down by whole seconds since it was read, never below 0', () => {
    expect(secondsLeftAt(90, 1_000, 1_000)).toBe(90);
    expect(secondsLeftAt(90, 1_000, 1_999)).toBe(90);
    expect(secondsLeftAt(90, 1_000, 2_000)).toBe(89);
    expect(secondsLeftAt(90, 1_000, 31_000)).toBe(60);
    expect(secondsLeftAt(90, 1_000, 500_000)).toBe(0);
  });

  it('adds no time when the clock went backwards', () => {
    expect(secondsLeftAt(90, 10_000, 5_000)).toBe(90);
  });
});
