/**
 * The streak calendar matrix (spec §2 "Daily practice hub"): one of the last 3 years at a time as 12
 * month grids; day kinds today, solved, missed, future and outside month, and ours, before you joined
 * (days before the account was made, which were never there to be missed); clicking days selects
 * several (multi-select), with All and Clear; the day analysis panel counts Solved / Missed / Out of
 * Range over the selection. Keyboard: one Tab stop per calendar, arrow keys move a day or a week,
 * Enter or Space selects (a roving tabindex, WAI-ARIA APG "Date picker dialog" grid pattern).
 */
import type { DailyStreakDay } from '@mathsprint/shared/protocol';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import {
  analyseDays,
  buildYear,
  datesOfYear,
  indexDays,
  longDate,
  monthName,
  selectableYears,
  toggleDate,
  WEEKDAYS,
  type CalendarDay,
} from '../lib/calendar';
import { DayAnalysisPanel } from './day-analysis';

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

const DAY_MS = 86_400_000;

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function StreakCalendar({ today, days, from, loading }: StreakCalendarProps) {
  const years = useMemo(() => selectableYears(today), [today]);
  const [year, setYear] = useState(years[0] ?? Number(today.slice(0, 4)));
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [focusDate, setFocusDate] = useState(today);
  const gridRef = useRef<HTMLDivElement>(null);

  const dayMap = useMemo(() => indexDays(days), [days]);
  const months = useMemo(() => buildYear(year, today, dayMap, from), [year, today, dayMap, from]);
  const analysis = useMemo(() => analyseDays(selected, today, dayMap, from), [selected, today, dayMap, from]);
  const rovingDate = focusDate.startsWith(String(year)) ? focusDate : `${year}-01-01`;

  function chooseYear(next: number) {
    setYear(next);
    setFocusDate(next === Number(today.slice(0, 4)) ? today : `${next}-01-01`);
  }

  function moveFocus(date: string) {
    if (!date.startsWith(String(year))) return;
    setFocusDate(date);
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveFocus(shiftDate(date, step));
    }
  }

  const selectedOne = selected.size === 1 ? [...selected][0] : undefined;

  return (
    <Card
      title="Streak calendar"
      subtitle="Click days to select them and see how they went"
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
          <Button variant="secondary" size="sm" onClick={() => setSelected(new Set(datesOfYear(year)))}>
            All
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
            Clear
          </Button>
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

      <div ref={gridRef} className={cx('daily-year', loading && 'is-loading')} aria-busy={loading || undefined}>
        {months.map((m) => {
          const name = monthName(m.year, m.month);
          return (
            <div key={m.month} className="daily-month" role="group" aria-label={`${name} ${m.year}`}>
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
                      tabIndex={d.date === rovingDate ? 0 : -1}
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
