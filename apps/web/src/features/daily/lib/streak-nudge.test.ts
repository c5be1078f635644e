import { describe, expect, it } from 'vitest';
import { streakNudge } from './streak-nudge';

const day = (date: string) => ({ date, solved: true, count: 1, streakCount: 1, practicePoints: 100 });

describe('streakNudge', () => {
  it('says the streak is safe once today is solved', () => {
    expect(streakNudge({ currentStreak: 3, to: '2026-11-27', days: [day('2026-11-25'), day('2026-11-26'), day('2026-11-27')] })).toEqual({
      tone: 'safe',
      text: 'Streak safe for today: 3 days. See you tomorrow!',
    });
    expect(streakNudge({ currentStreak: 1, to: '2026-11-27', days: [day('2026-11-27')] }).text).toBe('Streak safe for today: 1 day. See you tomorrow!');
  });

  it('reminds a player whose streak runs to yesterday to keep it today', () => {
    expect(streakNudge({ currentStreak: 1, to: '2026-11-27', days: [day('2026-11-26')] })).toEqual({
      tone: 'at-risk',
      text: 'Solve a set today to keep your 1-day streak.',
    });
  });

  it('invites a player with no streak to start one', () => {
    expect(streakNudge({ currentStreak: 0, to: '2026-11-27', days: [day('2026-11-20')] })).toEqual({
      tone: 'start',
      text: 'Solve a set today to start a streak.',
    });
  });
});
