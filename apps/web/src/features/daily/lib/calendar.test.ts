import { describe, expect, it } from 'vitest';
import {
  analyseDays,
  buildMonth,
  buildYear,
  datesOfYear,
  dayKind,
  firstCoveredDate,
  inSelectableYears,
  indexDays,
  keyTarget,
  longDate,
  mediumDate,
  monthTally,
  selectableYears,
  shiftDate,
  shiftMonths,
  toggleDate,
  yearCoverage,
} from './calendar';

const today = '2025-03-12';
const days = indexDays([
  { date: '2025-03-10', solved: true, count: 2 },
  { date: '2025-03-11', solved: false, count: 0 },
  { date: '2025-03-12', solved: true, count: 1 },
  { date: '2025-02-28', solved: true, count: 1 },
]);

describe('buildMonth', () => {
  it('draws 6 Monday-first weeks with neighbouring days outside the month', () => {
    // 1 March 2025 is a Saturday: five days of February lead the first week.
    const march = buildMonth(2025, 2, today, days);
    expect(march.weeks).toHaveLength(6);
    expect(march.weeks.every((w) => w.length === 7)).toBe(true);
    const first = march.weeks[0]!;
    expect(first.map((d) => d.date)).toEqual([
      '2025-02-24',
      '2025-02-25',
      '2025-02-26',
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(first.slice(0, 5).every((d) => d.kind === 'outside')).toBe(true);
    // February's solved day is still drawn as outside in March's grid.
    expect(first[4]!.kind).toBe('outside');
    expect(first[5]!.day).toBe(1);
  });

  it('marks today, solved, missed and future days', () => {
    const cells = buildMonth(2025, 2, today, days).weeks.flat();
    const byDate = new Map(cells.map((c) => [c.date, c]));
    expect(byDate.get('2025-03-10')!.kind).toBe('solved');
    expect(byDate.get('2025-03-10')!.count).toBe(2);
    expect(byDate.get('2025-03-11')!.kind).toBe('missed');
    expect(byDate.get('2025-03-09')!.kind).toBe('missed');
    expect(byDate.get('2025-03-12')!.kind).toBe('today');
    expect(byDate.get('2025-03-12')!.solvedToday).toBe(true);
    expect(byDate.get('2025-03-13')!.kind).toBe('future');
    expect(byDate.get('2025-04-01')!.kind).toBe('outside');
  });

  it('starts on the 1st when the month starts on a Monday', () => {
    // 1 September 2025 is a Monday.
    expect(buildMonth(2025, 8, today, days).weeks[0]![0]!.date).toBe('2025-09-01');
  });

  it('handles leap years', () => {
    const feb = buildMonth(2024, 1, today, days).weeks.flat().filter((d) => d.kind !== 'outside');
    expect(feb).toHaveLength(29);
  });
});

describe('buildYear and datesOfYear', () => {
  it('covers 12 months and every day once', () => {
    const year = buildYear(2024, today, days);
    expect(year).toHaveLength(12);
    const inMonth = year.flatMap((m) => m.weeks.flat().filter((d) => d.kind !== 'outside'));
    expect(inMonth).toHaveLength(366);
    expect(datesOfYear(2024)).toHaveLength(366);
    expect(datesOfYear(2025)[0]).toBe('2025-01-01');
    expect(datesOfYear(2025).at(-1)).toBe('2025-12-31');
  });
});

describe('selectableYears', () => {
  it('offers the current UTC year and the two before it', () => {
    expect(selectableYears(today)).toEqual([2025, 2024, 2023]);
    expect(firstCoveredDate(today)).toBe('2023-01-01');
  });
});

describe('dayKind', () => {
  it('compares UTC dates', () => {
    expect(dayKind('2024-12-31', '2025-01-01', false)).toBe('missed');
    expect(dayKind('2025-01-02', '2025-01-01', true)).toBe('future');
  });

  it('draws an unsolved day before the record starts (the day the account was made) as before, not missed', () => {
    const from = '2025-03-10';
    expect(dayKind('2025-03-09', '2025-03-20', false, from)).toBe('before');
    expect(dayKind('2025-03-10', '2025-03-20', false, from)).toBe('missed');
    expect(dayKind('2025-03-09', '2025-03-20', true, from)).toBe('solved');
    expect(dayKind('2025-03-10', '2025-03-10', false, from)).toBe('today');
    const kinds = buildMonth(2025, 2, '2025-03-20', new Map(), from)
      .weeks.flat()
      .filter((d) => d.kind !== 'outside')
      .map((d) => d.kind);
    expect(kinds.filter((k) => k === 'before')).toHaveLength(9);
    expect(kinds.filter((k) => k === 'missed')).toHaveLength(10);
  });
});

describe('selection and day analysis', () => {
  it('toggles days in and out without mutating the old set', () => {
    const a = new Set<string>();
    const b = toggleDate(a, '2025-03-10');
    const c = toggleDate(b, '2025-03-10');
    expect(a.size).toBe(0);
    expect([...b]).toEqual(['2025-03-10']);
    expect(c.size).toBe(0);
  });

  it('counts solved, missed and out-of-range days', () => {
    const selected = ['2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13', '2025-03-09', '2022-06-01'];
    expect(analyseDays(selected, today, days, '2023-01-01')).toEqual({ solved: 2, missed: 2, outOfRange: 2, submissions: 3 });
  });

  it('does not count an unsolved today as missed', () => {
    expect(analyseDays(['2025-03-13'], '2025-03-13', days)).toEqual({ solved: 0, missed: 0, outOfRange: 1, submissions: 0 });
  });
});

describe('longDate', () => {
  it('reads a UTC date in full', () => {
    // The comma after the weekday varies between ICU versions.
    expect(longDate('2025-03-03', 'en-GB')).toMatch(/^Monday,? 3 March 2025$/);
    expect(longDate('not-a-date', 'en-GB')).toBe('not-a-date');
  });

  it('reads a UTC date in running text without the weekday', () => {
    expect(mediumDate('2025-03-10', 'en-GB')).toBe('10 March 2025');
    expect(mediumDate('not-a-date', 'en-GB')).toBe('not-a-date');
  });
});

describe('moving through the calendar', () => {
  it('shifts dates by days across months and years', () => {
    expect(shiftDate('2025-02-28', 1)).toBe('2025-03-01');
    expect(shiftDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDate('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('shifts by months keeping the day, clamped to the shorter month', () => {
    expect(shiftMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(shiftMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(shiftMonths('2025-01-15', -1)).toBe('2024-12-15');
    expect(shiftMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(shiftMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('maps the date picker keys (APG grid) to the day they move to', () => {
    // 12 March 2025 is a Wednesday.
    expect(keyTarget('2025-03-12', 'ArrowLeft')).toBe('2025-03-11');
    expect(keyTarget('2025-03-12', 'ArrowRight')).toBe('2025-03-13');
    expect(keyTarget('2025-03-12', 'ArrowUp')).toBe('2025-03-05');
    expect(keyTarget('2025-03-12', 'ArrowDown')).toBe('2025-03-19');
    expect(keyTarget('2025-03-12', 'Home')).toBe('2025-03-10');
    expect(keyTarget('2025-03-12', 'End')).toBe('2025-03-16');
    expect(keyTarget('2025-03-10', 'Home')).toBe('2025-03-10');
    expect(keyTarget('2025-03-16', 'End')).toBe('2025-03-16');
    expect(keyTarget('2025-03-12', 'PageUp')).toBe('2025-02-12');
    expect(keyTarget('2025-03-12', 'PageDown')).toBe('2025-04-12');
    expect(keyTarget('2025-03-12', 'PageUp', true)).toBe('2024-03-12');
    expect(keyTarget('2025-03-12', 'PageDown', true)).toBe('2026-03-12');
    expect(keyTarget('2025-03-12', 'Enter')).toBeUndefined();
  });

  it('keeps the focus inside the selectable years', () => {
    const years = selectableYears(today);
    expect(inSelectableYears('2023-01-01', years)).toBe(true);
    expect(inSelectableYears('2022-12-31', years)).toBe(false);
    expect(inSelectableYears('2026-01-01', years)).toBe(false);
  });
});

describe('yearCoverage', () => {
  it('says whether the record covers none, part or all of a year', () => {
    expect(yearCoverage(2024, '2025-03-10')).toBe('none');
    expect(yearCoverage(2025, '2025-03-10')).toBe('partial');
    expect(yearCoverage(2025, '2025-01-01')).toBe('full');
    expect(yearCoverage(2026, '2025-03-10')).toBe('full');
    expect(yearCoverage(2024, undefined)).toBe('full');
  });
});

describe('monthTally', () => {
  it("counts the month's own solved and missed days, today solved included", () => {
    expect(monthTally(buildMonth(2025, 2, today, days))).toEqual({ solved: 2, missed: 10 });
    // From the 20th: the days before are before the record, not missed.
    expect(monthTally(buildMonth(2025, 1, today, days, '2025-02-20'))).toEqual({ solved: 1, missed: 8 });
  });
});
