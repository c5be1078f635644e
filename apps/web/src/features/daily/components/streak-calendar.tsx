/**
 * The streak calendar matrix (spec §2 "Daily practice hub"): one of the last 3 years at a time as 12
 * month grids; day kinds today, solved, missed, future and outside month, and ours, before you joined
 * (days before the account was made, which were never there to be missed); clicking days selects
 * several (multi-select), with All and Clear; the day analysis panel counts Solved / Missed / Out of
 * Range over the selection. Keyboard: one Tab stop per calendar, arrow keys move a day or a week,
 * Home/End to the week's ends, Page Up/Down a month (with Shift a year), Enter or Space selects (a
 * roving tabindex, WAI-ARIA APG "Date picker dialog" grid pattern).
 *
 * On phones (640 px and narrower) the year's 12 grids would stack from January, so today sat ten
 * months down in cells too small to tap: there the calendar shows one month at a time, today's
 * first, with previous/next buttons and large cells; the focused day's month is the one shown.
 */
import type { DailyStreakDay } from '@mathsprint/shared/protocol';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import {
  analyseDays,
  buildYear,
  datesOfYear,
  indexDays,
  inSelectableYears,
  keyTarget,
  longDate,
  mediumDate,
  monthName,
  monthTally,
  selectableYears,
  shiftMonths,
  toggleDate,
  WEEKDAYS,
  yearCoverage,
  type CalendarDay,
} from '../lib/calendar';
import { DayAnalysisPanel } from './day-analysis';
import { IconChevronLeft, IconChevronRight } from './daily-icons';

export interface StreakCalendarProps {
  /** Today's UTC date, 'YYYY-MM-DD'. */
  today: string;
  days: readonly DailyStreakDay[];
  /** First date the server's record covers. */
  from: string | undefined;
  loading: boolean;
}

const KIND_TEXT: Record<CalendarDay['kind'], string> = {
  today: 'today',
  solved: 'solved',
  missed: 'missed',
  future: 'future',
  before: 'before you joined',
  outside: 'outside month',
};

/**
 * The same day in another year, clamped (29 February becomes the 28th), for the year picker: the
 * month on show on phones stays the same month.
 */
function sameDayIn(date: string, year: number): string {
  return shiftMonths(date, (year - Number(date.slice(0, 4))) * 12);
}

export function StreakCalendar({ today, days, from, loading }: StreakCalendarProps) {
  const years = useMemo(() => selectableYears(today), [today]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // The roving tabindex's day. Its year is the year on show, and on phones its month is the one
  // month drawn (CSS hides the others), so today's month opens first instead of January.
  const [focusDate, setFocusDate] = useState(today);
  const gridRef = useRef<HTMLDivElement>(null);
  // Set when a key moved the focus: the day's button may only be drawn on the next render (another
  // month on a phone, another year), so the focus follows once it is.
  const focusPending = useRef(false);

  const year = Number(focusDate.slice(0, 4));
  const dayMap = useMemo(() => indexDays(days), [days]);
  const months = useMemo(() => buildYear(year, today, dayMap, from), [year, today, dayMap, from]);
  const analysis = useMemo(() => analyseDays(selected, today, dayMap, from), [selected, today, dayMap, from]);
  const shownMonth = Number(focusDate.slice(5, 7)) - 1;
  const coverage = yearCoverage(year, from);
  const oldest = years.at(-1) ?? year;
  const newest = years[0] ?? year;

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate]);

  function chooseYear(next: number) {
    setFocusDate(next === Number(today.slice(0, 4)) ? today : sameDayIn(focusDate, next));
  }

  function showMonth(step: number) {
    const next = shiftMonths(focusDate, step);
    if (inSelectableYears(next, years)) setFocusDate(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const target = keyTarget(date, event.key, event.shiftKey);
    if (target === undefined) return;
    event.preventDefault();
    if (!inSelectableYears(target, years)) return;
    focusPending.current = true;
    setFocusDate(target);
  }

  const selectedOne = selected.size === 1 ? [...selected][0] : undefined;
  const shown = months[shownMonth];
  const tally = shown ? monthTally(shown) : { solved: 0, missed: 0 };
  const shownMonthStart = `${focusDate.slice(0, 7)}-01`;
  const atFirstMonth = year === oldest && shownMonth === 0;
  const atLastMonth = year === newest && shownMonth === 11;

  return (
    <Card
      title="Streak calendar"
      subtitle="Select days to see how they went"
      className="daily-calendar"
      actions={
        <div className="daily-calendar-tools">
          <div className="segmented daily-year-picker" role="radiogroup" aria-label="Calendar year">
            {years.map((y) => (
              <label key={y} className="segmented-option">
                <input type="radio" name="daily-calendar-year" value={y} checked={y === year} onChange={() => chooseYear(y)} />
                <span>{y}</span>
              </label>
            ))}
          </div>
          <div className="daily-calendar-select">
            <Button variant="secondary" size="sm" onClick={() => setSelected(new Set(datesOfYear(year)))}>
              All
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
              Clear
            </Button>
          </div>
        </div>
      }
    >
      <ul className="list-reset daily-legend" aria-label="Legend">
        {(['today', 'solved', 'missed', 'future', 'before', 'outside'] as const).map((kind) => (
          <li key={kind} className="daily-legend-item">
            <span className={`daily-day daily-day--${kind} daily-legend-swatch`} aria-hidden="true" />
            {KIND_TEXT[kind].charAt(0).toUpperCase() + KIND_TEXT[kind].slice(1)}
          </li>
        ))}
      </ul>

      {coverage !== 'full' && from ? (
        <p className="daily-calendar-note text-small">
          {coverage === 'none'
            ? `All of ${year} is before you joined (${mediumDate(from)}): nothing to miss here, and its days count as Out of Range.`
            : `Your record starts on ${mediumDate(from)}: earlier days are before you joined and count as Out of Range.`}
        </p>
      ) : null}

      {/* Phones: one month at a time, today's first (CSS hides this on wider screens). */}
      <div className="daily-month-nav">
        <button
          type="button"
          className="daily-month-step"
          aria-label="Previous month"
          disabled={atFirstMonth}
          onClick={() => showMonth(-1)}
        >
          <IconChevronLeft size={20} />
        </button>
        <p className="daily-month-nav-label" aria-live="polite">
          <span className="daily-month-nav-name">{monthName(year, shownMonth)} {year}</span>
          <span className="daily-month-nav-tally text-xs text-muted">
            {coverage === 'none'
              ? 'Before you joined'
              : shownMonthStart > today
                ? 'Still to come'
                : `${tally.solved} solved · ${tally.missed} missed`}
          </span>
        </p>
        <button
          type="button"
          className="daily-month-step"
          aria-label="Next month"
          disabled={atLastMonth}
          onClick={() => showMonth(1)}
        >
          <IconChevronRight size={20} />
        </button>
      </div>

      <div ref={gridRef} className={cx('daily-year', loading && 'is-loading')} aria-busy={loading || undefined}>
        {months.map((m) => {
          const name = monthName(m.year, m.month);
          return (
            <div
              key={m.month}
              className={cx('daily-month', m.month === shownMonth && 'is-shown')}
              role="group"
              aria-label={`${name} ${m.year}`}
            >
              <p className="daily-month-name" aria-hidden="true">
                {name}
              </p>
              <div className="daily-month-grid">
                {WEEKDAYS.map((w) => (
                  <abbr key={w.long} className="daily-weekday" title={w.long} aria-hidden="true">
                    {w.short}
                  </abbr>
                ))}
                {m.weeks.flat().map((d) =>
                  d.kind === 'outside' ? (
                    <span key={`o-${d.date}`} className="daily-day daily-day--outside" aria-hidden="true" />
                  ) : (
                    <button
                      key={d.date}
                      type="button"
                      data-date={d.date}
                      className={cx('daily-day', `daily-day--${d.kind}`, d.solvedToday && 'is-solved', selected.has(d.date) && 'is-selected')}
                      aria-pressed={selected.has(d.date)}
                      aria-label={`${longDate(d.date)}: ${d.solvedToday ? 'today, solved' : KIND_TEXT[d.kind]}${d.count > 1 ? `, ${d.count} sets` : ''}`}
                      tabIndex={d.date === focusDate ? 0 : -1}
                      onClick={() => {
                        setFocusDate(d.date);
                        setSelected((s) => toggleDate(s, d.date));
                      }}
                      onKeyDown={(e) => onKeyDown(e, d.date)}
                    >
                      {d.day}
                    </button>
                  ),
                )}
              </div>
            </div>
          );
        })}
      </div>

      {selected.size > 0 ? (
        <DayAnalysisPanel
          analysis={analysis}
          selectedCount={selected.size}
          single={selectedOne ? { date: selectedOne, day: dayMap.get(selectedOne) } : undefined}
        />
      ) : (
        <p className="daily-calendar-hint text-small text-muted">Select one or more days, or press All, to see Solved, Missed and Out of Range counts.</p>
      )}
    </Card>
  );
}
