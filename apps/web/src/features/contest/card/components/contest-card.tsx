/**
 * The weekly contest card on the home dashboard (spec §2 "Weekly contest card", §4 "Contest
 * status", "Countdown", "Contest card actions", "Registration"; §5; §6; §8). Title, status label,
 * a countdown refreshed every second, the start time, '10 minutes', '20 questions', the registered
 * count, the action of the current state, and the top 5 and stats (of this contest once it is live
 * or completed, else of the last finished one). A signed-in, non-guest user gets the 'My Analytics'
 * toggle (spec §2: guests have no analytics button).
 */
import type { PublicUser } from '@mathsprint/shared/protocol';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { IconList, IconTimer, IconTrophy, IconUsers } from '../../../../components/ui/icons';
import { getToken } from '../../../../lib/storage';
import { useActionFocus } from '../hooks/use-action-focus';
import { useContestCard } from '../hooks/use-contest-card';
import { joinBlockedReason } from '../lib/card-action';
import { statusLabel } from '../lib/contest-clock';
import { contestSubtitle, formatStartTime, registeredText } from '../lib/format';
import { ContestBoard } from './contest-board';
import './contest-card.css';
import { counted } from '../../../../lib/plural';

export interface ContestCardProps {
  /** The stored user; null only while logging out. */
  user: PublicUser | null;
  /** Shows the analytics toggle when given (the route passes it for signed-in, non-guest users). */
  onToggleAnalytics?: () => void;
  /** Whether the analytics panel is open (the toggle's aria-expanded and label). */
  analyticsOpen?: boolean;
  /** id of the analytics panel element, for aria-controls. */
  analyticsPanelId?: string;
}

export function ContestCard({ user, onToggleAnalytics, analyticsOpen = false, analyticsPanelId }: ContestCardProps) {
  const card = useContestCard(user);
  const navigate = useNavigate();
  const { contest, status } = card;
  const actionFocus = useActionFocus(card.action ?? null);

  const analyticsButton = onToggleAnalytics ? (
    <Button
      variant={analyticsOpen ? 'primary' : 'secondary'}
      size="sm"
      aria-expanded={analyticsOpen}
      aria-controls={analyticsPanelId}
      onClick={onToggleAnalytics}
    >
      {analyticsOpen ? 'Hide Analytics' : 'My Analytics'}
    </Button>
  ) : undefined;

  if (card.loading || card.failed || !contest || !status) {
    return (
      <Card title="Weekly Contest" icon={<IconTrophy />} className="contest-card" actions={analyticsButton}>
        {card.failed ? (
          <div className="contest-card-failed">
            <p className="text-muted">The contest could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={card.retry}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="contest-card-skeleton" role="status" aria-busy="true" aria-label="Loading contest">
            <span className="skeleton" />
            <span className="skeleton" />
            <span className="skeleton" />
          </div>
        )}
      </Card>
    );
  }

  function join() {
    if (!contest) return;
    const blocked = joinBlockedReason({ hasToken: getToken() !== null, isGuest: user?.isGuest ?? true }, card.registered);
    if (blocked) {
      toast.error(blocked);
      return;
    }
    navigate(`/contest/${encodeURIComponent(contest._id)}`);
  }

  const isGuest = user?.isGuest ?? true;

  return (
    <Card
      title={contest.title}
      subtitle={contestSubtitle(contest.title)}
      icon={<IconTrophy />}
      className={`contest-card contest-card--${status}`}
      actions={analyticsButton}
    >
      <div className="contest-card-grid">
        <div className="contest-main">
          <div className="contest-status-row">
            <span className={`contest-status contest-status--${status}`} aria-live="polite">
              {status === 'live' ? <span className="contest-live-dot" aria-hidden="true" /> : null}
              {statusLabel(status)}
            </span>
            <span className="contest-start">
              <span className="contest-start-label">{status === 'upcoming' ? 'Starts' : 'Started'}</span>{' '}
              <time dateTime={contest.openTime}>{formatStartTime(contest.openTime)}</time>
            </span>
          </div>

          <div className="contest-countdown">
            {status === 'upcoming' ? <span className="contest-countdown-label">Starts in</span> : null}
            <span className="contest-countdown-value" role="timer" aria-live="off">
              {card.countdown}
            </span>
          </div>

          <ul className="contest-facts list-reset" aria-label="Contest facts">
            <li className="contest-fact">
              <IconTimer size={16} />
              {counted(contest.durationMinutes, 'minute')}
            </li>
            <li className="contest-fact">
              <IconList size={16} />
              {counted(contest.questionCount, 'question')}
            </li>
            <li className="contest-fact">
              <IconUsers size={16} />
              {registeredText(contest.registeredCount)}
            </li>
          </ul>

          <div className="contest-action" ref={actionFocus.ref} onFocus={actionFocus.onFocus} onBlur={actionFocus.onBlur}>
            {card.action === 'register' ? (
              <div className="stack-sm">
                <Button size="lg" block loading={card.registering} onClick={card.register}>
                  Register
                </Button>
                <p className="text-small text-muted contest-action-hint">
                  {isGuest ? 'Guests cannot take part: log in or create an account to register.' : 'Registration is open until the contest starts.'}
                </p>
              </div>
            ) : null}
            {card.action === 'registered' ? (
              <p className="contest-registered" tabIndex={-1}>
                <span className="badge badge-success contest-registered-badge">✓ Registered</span>
                <span className="text-small text-muted">Come back when it goes live to join.</span>
              </p>
            ) : null}
            {card.action === 'join' ? (
              <Button size="lg" variant="success" block onClick={join}>
                Join
              </Button>
            ) : null}
            {card.action === 'not-registered' ? (
              <p className="alert alert-warning" role="status">
                {isGuest
                  ? 'You are not registered for this contest. Guests cannot take part: create an account to register for the next one.'
                  : 'You are not registered for this contest. Registration closed when it went live.'}
              </p>
            ) : null}
            {card.action === 'view-results' ? (
              <Link className="btn btn-primary btn-lg btn-block" to={`/contest/${encodeURIComponent(contest._id)}/results`}>
                View Results
              </Link>
            ) : null}
          </div>
        </div>

        <ContestBoard
          source={card.source}
          entries={card.leaderboard}
          final={card.leaderboardFinal}
          stats={card.stats}
          loading={card.boardLoading}
          currentUserId={user?._id ?? null}
        />
      </div>
    </Card>
  );
}
