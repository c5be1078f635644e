/**
 * The daily practice hub, /daily (spec §2 "Daily practice hub", §4 "Daily practice"): back to home;
 * rating with deviation and bar; streak count; today's problem sets and the open section panel; the
 * season leaderboard; the streak calendar with its day analysis. Guests get 401 on every daily call
 * (issue #4), so they see an invitation to create an account instead. Past 00:00 UTC the hub asks
 * for today again (use-day-rollover); an open panel stays on the day it was opened on and says the
 * new day's sets are out (section-panel.tsx).
 */
import type { DailySectionKey, PublicUser } from '@mathsprint/shared/protocol';
import { seasonOf } from '@mathsprint/shared/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { useDailySeason, useDailyStreak, useDailyToday } from '../hooks/use-daily-data';
import { useDayRollover } from '../hooks/use-day-rollover';
import { nextSeasonText, seasonNote } from '../lib/season';
import { DAILY_MESSAGES } from '../lib/messages';
import { IconArrowLeft } from './daily-icons';
import { HubSummary } from './hub-summary';
import { SeasonBoard } from './season-board';
import { SectionCards } from './section-cards';
import { SectionPanel, type PanelView } from './section-panel';
import { StreakCalendar } from './streak-calendar';
import './daily.css';

export interface DailyHubProps {
  user: PublicUser;
}

function todayFallback(): string {
  return new Date().toISOString().slice(0, 10);
}

export function DailyHub({ user }: DailyHubProps) {
  const signedIn = !user.isGuest;
  const today = useDailyToday(signedIn);
  const streak = useDailyStreak(signedIn);
  const date = today.data?.date;
  // Past 00:00 UTC the hub asks again, and today's sets, cards, streak and season follow.
  useDayRollover(date, today.data?.serverTime, today.dataUpdatedAt);
  const season = date ? seasonOf(date) : undefined;
  const seasonQuery = useDailySeason(signedIn ? season?.year : undefined, signedIn ? season?.month : undefined);
  /**
   * The open panel, with the day it was opened on: across 00:00 UTC it stays on that day's set, so
   * answers typed in it are not swept away unseen; the panel says a new day's sets are out.
   */
  const [open, setOpen] = useState<{ key: DailySectionKey; view: PanelView; date: string } | null>(null);
  // The control that opened the panel, where Close puts the focus back (else it fell to <body>).
  const opener = useRef<HTMLElement | null>(null);

  const sections = today.data?.sections ?? [];
  const openSection = open ? sections.find((s) => s.key === open.key) : undefined;

  function show(key: DailySectionKey, view: PanelView) {
    if (!date) return;
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
    setOpen({ key, view, date });
    // Bring the panel into view on phones, where it sits under the cards.
    requestAnimationFrame(() => document.getElementById('daily-open-section')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  /**
   * Closes the panel and puts the focus back on the control that opened it, or, when that is gone
   * (the panel's own Start Solving), on the set card's first button.
   */
  function close(key: DailySectionKey) {
    setOpen(null);
    const back = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>(`.daily-set--${key} .daily-set-actions button`);
    opener.current = null;
    back?.focus();
  }

  const header = (
    <div className="daily-header">
      <Link to="/" className="btn btn-ghost btn-sm daily-back">
        <IconArrowLeft size={16} /> Back to home
      </Link>
      <div>
        <h1 className="daily-title">Daily Practice</h1>
        <p className="text-muted text-small">{date ? `Today's sets for ${date} (UTC)` : 'Fresh sets every UTC day'}</p>
      </div>
    </div>
  );

  if (!signedIn) {
    return (
      <div className="daily-hub">
        {header}
        <Card title="Create an account to practise daily" className="daily-guest">
          <p className="text-muted">{DAILY_MESSAGES.guestsCannot}</p>
          <Link to="/signup" className="btn btn-primary" style={{ alignSelf: 'flex-start' }}>
            Create account
          </Link>
        </Card>
      </div>
    );
  }

  const todayDate = date ?? todayFallback();
  return (
    <div className="daily-hub">
      {header}
      <div className="daily-layout">
        <div className="daily-area-summary">
          <HubSummary
            rating={user.rating}
            rd={user.rd}
            streak={streak.data?.currentStreak ?? (streak.isError ? 0 : null)}
            longestStreak={streak.data?.longestStreak ?? null}
            solvedToday={sections.filter((s) => s.submitted).length}
            sectionsToday={sections.length || 4}
            seasonNote={seasonNote(seasonQuery.data?.me)}
          />
        </div>

        <div className="daily-area-sets">
          <Card title="Today's problem sets" subtitle="Higher sets unlock as your rating grows" className="daily-sets-card">
            <SectionCards
              sections={sections}
              loading={today.isPending}
              openKey={open?.view === 'solve' && open.date === date ? open.key : null}
              onStart={(key) => show(key, 'solve')}
              onRankings={(key) => show(key, 'rankings')}
            />
          </Card>
        </div>

        {open && openSection && date ? (
          <div className="daily-area-panel">
            <SectionPanel
              key={`${open.key}-${open.view}-${open.date}`}
              date={open.date}
              today={date}
              section={openSection}
              view={open.view}
              viewerId={user._id}
              signedIn={signedIn}
              onClose={() => close(open.key)}
              onSolve={(key) => show(key, 'solve')}
              onOpenToday={() => show(open.key, open.view)}
            />
          </div>
        ) : null}

        <div className="daily-area-season">
          <SeasonBoard
            season={seasonQuery.data}
            loading={seasonQuery.isPending}
            currentUserId={user._id}
            nextSeasonText={nextSeasonText(todayDate)}
            year={season?.year}
            month={season?.month}
          />
        </div>

        <div className="daily-area-calendar">
          <StreakCalendar today={todayDate} days={streak.data?.days ?? []} from={streak.data?.from} loading={streak.isPending} />
        </div>
      </div>
    </div>
  );
}
