import { describe, expect, it } from 'vitest';
import { daysToNextSeason, nextSeasonText, seasonName, seasonNote, showOwnRow, splitBoard } from './season';

describe('daysToNextSeason', () => {
  it('is 30 minus the UTC day of month, at least 0 (spec §9)', () => {
    expect(daysToNextSeason('2025-01-01')).toBe(29);
    expect(daysToNextSeason('2025-01-29')).toBe(1);
    expect(daysToNextSeason('2025-01-30')).toBe(0);
    expect(daysToNextSeason('2025-01-31')).toBe(0);
    expect(nextSeasonText('2025-01-18')).toBe('12 days to next season');
    expect(nextSeasonText('2025-01-29')).toBe('1 day to next season');
    expect(nextSeasonText('2025-01-31')).toBe('Next season starts soon');
  });
});

describe('seasonName', () => {
  it('names the UTC month', () => {
    expect(seasonName(2025, 11, 'en-GB')).toBe('November 2025');
  });
});

describe('splitBoard and showOwnRow', () => {
  const top = Array.from({ length: 10 }, (_, i) => ({ _id: `u${i + 1}` }));
  it('puts ranks 1–3 on the podium and 4–10 in the table', () => {
    const { podium, rest } = splitBoard(top);
    expect(podium.map((e) => e._id)).toEqual(['u1', 'u2', 'u3']);
    expect(rest.map((e) => e._id)).toEqual(['u4', 'u5', 'u6', 'u7', 'u8', 'u9', 'u10']);
    expect(splitBoard(top.slice(0, 2))).toEqual({ podium: top.slice(0, 2), rest: [] });
  });

  it('shows the own row only when the user is outside the top 10', () => {
    expect(showOwnRow(top, 'u4')).toBe(false);
    expect(showOwnRow(top, 'u42')).toBe(true);
    expect(showOwnRow(top, null)).toBe(false);
  });
});

describe('seasonNote', () => {
  it('words the own row', () => {
    expect(seasonNote({ seasonPoints: 148, rank: 1 })).toBe('148 season points · rank #1');
    expect(seasonNote({ seasonPoints: 0, rank: null })).toBe('No season points yet');
  });
});
