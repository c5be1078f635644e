import { describe, expect, it } from 'vitest';
import { clockOffsetMs, elapsedSeconds, formatHhMmSs, instantMs, nextTickDelayMs, secondsUntil } from './contest-time';

const close = Date.parse('2026-11-27T15:40:00Z');

describe('formatHhMmSs (spec §2 TIME REMAINING hh:mm:ss)', () => {
  it('pads hours, minutes and seconds to two digits', () => {
    expect(formatHhMmSs(0)).toBe('00:00:00');
    expect(formatHhMmSs(9)).toBe('00:00:09');
    expect(formatHhMmSs(600)).toBe('00:10:00');
    expect(formatHhMmSs(599)).toBe('00:09:59');
    expect(formatHhMmSs(3725)).toBe('01:02:05');
  });

  it('keeps counting hours past a day', () => {
    expect(formatHhMmSs(25 * 3600 + 61)).toBe('25:01:01');
  });

  it('floors fractions and shows 00:00:00 for negative or non-finite input', () => {
    expect(formatHhMmSs(59.9)).toBe('00:00:59');
    expect(formatHhMmSs(-3)).toBe('00:00:00');
    expect(formatHhMmSs(Number.NaN)).toBe('00:00:00');
    expect(formatHhMmSs(Number.POSITIVE_INFINITY)).toBe('00:00:00');
  });
});

describe('secondsUntil', () => {
  it('rounds partial seconds up so 0 means the close instant is reached', () => {
    expect(secondsUntil(close, close - 10 * 60_000)).toBe(600);
    expect(secondsUntil(close, close - 1)).toBe(1);
    expect(secondsUntil(close, close - 1_001)).toBe(2);
    expect(secondsUntil(close, close)).toBe(0);
  });

  it('never goes negative and treats bad input as 0', () => {
    expect(secondsUntil(close, close + 5_000)).toBe(0);
    expect(secondsUntil(Number.NaN, close)).toBe(0);
  });
});

describe('instantMs', () => {
  it('parses ISO 8601 and gives NaN for missing or bad input', () => {
    expect(instantMs('2026-11-27T15:40:00Z')).toBe(close);
    expect(instantMs(null)).toBeNaN();
    expect(instantMs('soon')).toBeNaN();
  });
});

describe('clockOffsetMs', () => {
  it('is server minus client time', () => {
    expect(clockOffsetMs('2026-11-27T15:40:00.000Z', close - 2_500)).toBe(2_500);
    expect(clockOffsetMs('2026-11-27T15:40:00.000Z', close + 800)).toBe(-800);
  });

  it('trusts the local clock without a usable serverTime', () => {
    expect(clockOffsetMs(undefined, close)).toBe(0);
    expect(clockOffsetMs('garbage', close)).toBe(0);
    expect(clockOffsetMs('2026-11-27T15:40:00.000Z', 0)).toBe(0);
  });
});

describe('nextTickDelayMs', () => {
  it('waits until just after the next whole second', () => {
    expect(nextTickDelayMs(close)).toBe(1_005);
    expect(nextTickDelayMs(close + 250)).toBe(755);
    expect(nextTickDelayMs(close - 1, 0)).toBe(1);
  });
});

describe('elapsedSeconds', () => {
  it('rounds to whole seconds and never goes negative', () => {
    expect(elapsedSeconds(1_000, 13_400)).toBe(12);
    expect(elapsedSeconds(1_000, 13_600)).toBe(13);
    expect(elapsedSeconds(5_000, 1_000)).toBe(0);
    expect(elapsedSeconds(Number.NaN, 1_000)).toBe(0);
  });
});
