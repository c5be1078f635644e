/**
 * The home dashboard's daily practice card (spec §2 "The daily practice card on the home screen
 * shows 3 sample problems of the first unlocked section and a daily top 3"; spec §4: another unlocked
 * section reloads both, locked ones are disabled). Guests get an invitation instead (issue #4: every
 * daily call answers them 401). A signed-in player also reads where their streak stands today
 * (lib/streak-nudge.ts).
 */
import type { PublicUser } from '@mathsprint/shared/protocol';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { IconTarget } from '../../../components/ui/icons';
import { PlayerName } from '../../../components/ui/player-name';
import { useDailyCard } from '../hooks/use-daily-card';
import { useDailyStreak } from '../hooks/use-daily-data';
import { streakNudge } from '../lib/streak-nudge';
import { DAILY_MESSAGES } from '../lib/messages';
import { unlockText } from '../lib/sections';
import { IconFlame, IconLock } from './daily-icons';
import './daily-card.css';

export function DailyCard({ user }: { user: PublicUser }) {
  const signedIn = !user.isGuest;
  const card = useDailyCard(signedIn);
  // The same query as the greeting's streak chip: one request for both.
  const streak = useDailyStreak(signedIn);
  const nudge = streak.data ? streakNudge(streak.data) : null;
  const open = (
    <Link to="/daily" className="btn btn-primary btn-sm">
      Open daily practice
    </Link>
  );

  if (!signedIn) {
    return (
      <Card title="Daily Practice" subtitle="Four fresh sets every day" icon={<IconTarget />} className="daily-card">
        <p className="text-muted">{DAILY_MESSAGES.guestsCannot}</p>
        <Link to="/signup" className="btn btn-secondary btn-sm daily-card-cta">
          Create account
        </Link>
      </Card>
    );
  }

  return (
    <Card title="Daily Practice" subtitle={card.date ? `Today's sets · ${card.date} UTC` : 'Four fresh sets every day'} icon={<IconTarget />} className="daily-card" actions={open}>
      {card.loading ? (
        <div role="status" aria-busy="true" aria-label="Loading daily practice">
          <span className="skeleton daily-card-skeleton" />
          <span className="skeleton daily-card-skeleton" />
        </div>
      ) : card.failed ? (
        <p className="text-muted">Today's sets could not be loaded.</p>
      ) : (
        <>
          {nudge ? (
            <p className={`daily-card-nudge daily-card-nudge--${nudge.tone}`}>
              <IconFlame size={16} />
              {nudge.text}
            </p>
          ) : null}
          <div className="daily-card-tabs" role="group" aria-label="Section">
            {card.sections.map((s) => (
              <button
                key={s.key}
                type="button"
                className={cx('daily-card-tab', s.key === card.selected && 'is-active')}
                aria-pressed={s.key === card.selected}
                disabled={!s.unlocked}
                title={s.unlocked ? s.title : `${s.title}: ${unlockText(s.unlockRating)}`}
                onClick={() => card.select(s.key)}
              >
                {!s.unlocked ? <IconLock size={12} /> : null}
                {s.title}
                {!s.unlocked ? <span className="visually-hidden"> (locked, {unlockText(s.unlockRating)})</span> : null}
              </button>
            ))}
          </div>
          <div className="daily-card-grid">
            <section aria-labelledby="daily-card-problems">
              <h3 id="daily-card-problems" className="daily-card-heading">
                Sample problems
              </h3>
              {card.problemsLoading ? (
                <span className="skeleton daily-card-skeleton" />
              ) : card.problems.length === 0 ? (
                <p className="text-small text-muted">No problems to show.</p>
              ) : (
                <ol className="list-reset daily-card-problems">
                  {card.problems.map((q, i) => (
                    <li key={i} className="daily-card-problem">
                      <span className="daily-card-qnum" aria-hidden="true">
                        {i + 1}
                      </span>
                      <span className="daily-card-qtext">{q}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section aria-labelledby="daily-card-top">
              <h3 id="daily-card-top" className="daily-card-heading">
                Today's top 3
              </h3>
              {card.topLoading ? (
                <span className="skeleton daily-card-skeleton" />
              ) : card.top.length === 0 ? (
                <p className="text-small text-muted">No one has solved this set today. Be the first!</p>
              ) : (
                <ol className="list-reset daily-card-top" aria-label="Daily top 3">
                  {card.top.map((e) => {
                    const me = e.user._id === user._id;
                    return (
                      <li key={e.user._id} className={cx('daily-card-top-row', me && 'is-me')} aria-current={me ? 'true' : undefined}>
                        <span className={`daily-card-rank daily-card-rank--${e.rank}`}>{e.rank}</span>
                        <PlayerName name={e.user.name} you={me} className="daily-card-name" youClassName="daily-card-you" />
                        <span className="daily-card-points">{e.practicePoints} pts</span>
                        <span className="daily-card-time">{e.timeTakenSeconds} s</span>
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
          </div>
        </>
      )}
    </Card>
  );
}
