import { describe, expect, it } from 'vitest';
import { clockOffsetMs, isDayOver, msUntilNextUtcDay, nextDayCheckMs, ROLLOVER_MARGIN_MS, ROLLOVER_RETRY_MS, stalePanelText } from './day-rollover';

const at = (iso: string) => Date.parse(iso);

describe('clockOffsetMs', () => {
  it('is the server clock minus the moment the response arrived', () => {
    expect(clockOffsetMs('2026-11-27T23:59:00.000Z', at('2026-11-27T23:58:00.000Z'))).toBe(60_000);
    expect(clockOffsetMs('2026-11-27T23:59:00.000Z', at('2026-11-27T23:59:05.000Z'))).toBe(-5_000);
  });

  it('trusts the local clock without a usable serverTime or arrival', () => {
    expect(clockOffsetMs(undefined, at('2026-11-27T12:00:00Z'))).toBe(0);
    expect(clockOffsetMs('yesterday', at('2026-11-27T12:00:00Z'))).toBe(0);
    expect(clockOffsetMs('2026-11-27T12:00:00Z', 0)).toBe(0);
  });
});

describe('msUntilNextUtcDay', () => {
  it('counts to the next 00:00 UTC', () => {
    expect(msUntilNextUtcDay(at('2026-11-27T23:59:59.000Z'))).toBe(1_000);
    expect(msUntilNextUtcDay(at('2026-11-27T12:00:00.000Z'))).toBe(12 * 3_600_000);
    // Across a month and a year end, and with no DST in UTC.
    expect(msUntilNextUtcDay(at('2026-12-31T23:00:00.000Z'))).toBe(3_600_000);
    expect(msUntilNextUtcDay(at('2027-03-28T00:30:00.000Z'))).toBe(23.5 * 3_600_000);
  });

  it('is a whole day at midnight itself', () => {
    expect(msUntilNextUtcDay(at('2026-11-28T00:00:00.000Z'))).toBe(86_400_000);
  });
});

describe('isDayOver', () => {
  it('turns at 00:00 UTC, whatever the local time zone', () => {
    expect(isDayOver('2026-11-27', at('2026-11-27T23:59:59.999Z'))).toBe(false);
    expect(isDayOver('2026-11-27', at('2026-11-28T00:00:00.000Z'))).toBe(true);
    expect(isDayOver('2026-12-31', at('2027-01-01T00:00:00.000Z'))).toBe(true);
  });

  it('is false when the shown date is ahead of a slow clock', () => {
    expect(isDayOver('2026-11-28', at('2026-11-27T23:59:58.000Z'))).toBe(false);
  });
});

describe('nextDayCheckMs', () => {
  it('waits until just after the next UTC midnight', () => {
    expect(nextDayCheckMs('2026-11-27', at('2026-11-27T23:00:00.000Z'))).toBe(3_600_000 + ROLLOVER_MARGIN_MS);
  });

  it('asks again after a pause once the day is over but the shown date is old', () => {
    expect(nextDayCheckMs('2026-11-27', at('2026-11-28T00:00:01.000Z'))).toBe(ROLLOVER_RETRY_MS);
  });

  it('waits a full day from a fresh date fetched at midnight', () => {
    expect(nextDayCheckMs('2026-11-28', at('2026-11-28T00:00:00.000Z'))).toBe(86_400_000 + ROLLOVER_MARGIN_MS);
  });
});

describe('stalePanelText', () => {
  const base = { date: '2026-11-27', today: '2026-11-28' } as const;

  it('says typed answers of an unsent old set will not be scored', () => {
    expect(stalePanelText({ ...base, view: 'solve', submitted: false, typed: true })).toBe(
      'New sets are out for 2026-11-28 (UTC). The 2026-11-27 set can no longer be submitted, so the answers here will not be scored.',
    );
  });

  it('says an untouched old set can no longer be submitted', () => {
    expect(stalePanelText({ ...base, view: 'solve', submitted: false, typed: false })).toBe(
      'New sets are out for 2026-11-28 (UTC). The 2026-11-27 set can no longer be submitted.',
    );
  });

  it('only names the day of a sent set or of rankings', () => {
    expect(stalePanelText({ ...base, view: 'solve', submitted: true, typed: false })).toBe('New sets are out for 2026-11-28 (UTC). This is your 2026-11-27 set.');
    expect(stalePanelText({ ...base, view: 'rankings', submitted: false, typed: false })).toBe('New sets are out for 2026-11-28 (UTC). These are the rankings of 2026-11-27.');
  });
});
