import { describe, expect, it } from 'vitest';
import { contestSubtitle, formatPercent, formatPoints, formatStartTime, participantName, registeredText } from './format';

describe('formatStartTime', () => {
  it('writes the start in the given locale and time zone', () => {
    expect(formatStartTime('2026-11-27T15:30:00Z', 'en-GB', 'UTC')).toBe('Fri 27 Nov, 15:30 UTC');
    expect(formatStartTime('2026-11-27T15:30:00Z', 'en-US', 'America/New_York')).toBe('Fri, Nov 27, 10:30 AM EST');
  });

  it('gives an empty string for an unparseable instant', () => {
    expect(formatStartTime('soon', 'en-GB', 'UTC')).toBe('');
  });
});

describe('number formatting', () => {
  it('keeps at most one decimal of points', () => {
    expect(formatPoints(72.46)).toBe('72.5');
    expect(formatPoints(80)).toBe('80');
    expect(formatPoints(Number.NaN)).toBe('0');
  });

  it('rounds and clamps percentages', () => {
    expect(formatPercent(85.4)).toBe('85%');
    expect(formatPercent(120)).toBe('100%');
    expect(formatPercent(-3)).toBe('0%');
  });

  it('counts registered players', () => {
    expect(registeredText(0)).toBe('0 registered');
    expect(registeredText(12)).toBe('12 registered');
  });

  it("names a missing participant 'Anonymous' (spec §3)", () => {
    expect(participantName('Ada')).toBe('Ada');
    expect(participantName('  ')).toBe('Anonymous');
    expect(participantName(null)).toBe('Anonymous');
  });
});

describe('contestSubtitle', () => {
  it('says "Weekly contest" unless the title already names a contest', () => {
    expect(contestSubtitle('Weekly Math Contest')).toBeUndefined();
    expect(contestSubtitle('Friday Night Arithmetic Championship')).toBe('Weekly contest');
    expect(contestSubtitle('Contests of Champions')).toBe('Weekly contest');
  });
});
