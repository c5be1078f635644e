import { describe, expect, it } from 'vitest';
import { badgeToastText, dailyBadgeName } from './badges';

describe('daily badges', () => {
  it('names known codes and keeps unknown ones', () => {
    expect(dailyBadgeName('streak-7')).toBe('7-Day Streak');
    expect(dailyBadgeName('mystery')).toBe('mystery');
  });

  it('words the toast', () => {
    expect(badgeToastText(['daily-first-solve'])).toBe('Badge earned: First Solve');
    expect(badgeToastText(['daily-first-solve', 'daily-perfect'])).toBe('Badges earned: First Solve, Perfect Set');
  });
});
