/**
 * The global leaderboard panel (spec §2 "Home dashboard"): entries with name and rating in a
 * scrollable list at most 420 px tall, the current user highlighted. Equal ratings share a rank,
 * without a medal (lib/board-ranks). Empty only until the server's snapshot holds a first account.
 */
import type { LeaderboardEntry } from '@mathsprint/shared/protocol';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { initials } from '../../../components/ui/app-header';
import { IconTrophy } from '../../../components/ui/icons';
import { PlayerName } from '../../../components/ui/player-name';
import { boardRanks, medalOf } from '../lib/board-ranks';
import './leaderboard.css';

export interface LeaderboardPanelProps {
  entries: readonly LeaderboardEntry[];
  /** True while the first load runs (shows skeleton rows). */
  loading?: boolean;
  /** _id of the signed-in user, whose row is highlighted. */
  currentUserId?: string | null;
  className?: string;
}

export function LeaderboardPanel({ entries, loading = false, currentUserId, className }: LeaderboardPanelProps) {
  const ranks = boardRanks(entries);
  return (
    <Card
      title="Global leaderboard"
      subtitle="Top rated players, updated live"
      icon={<IconTrophy />}
      className={cx('leaderboard-card', className)}
    >
      {loading ? (
        <div role="status" aria-busy="true" aria-label="Loading leaderboard">
          {Array.from({ length: 5 }, (_, i) => (
            <span key={i} className="skeleton leaderboard-skeleton-row" />
          ))}
        </div>
      ) : entries.length === 0 ? (
        <div className="leaderboard-empty">
          <p className="leaderboard-empty-icon" aria-hidden="true">
            ∅
          </p>
          {/* The server lists every non-guest account, played or not (leaderboard.service), and
              reads new sign-ups into its snapshot within seconds: the text says that, not "rated". */}
          <p style={{ fontWeight: 700, color: 'var(--color-text)' }}>No players on the board yet</p>
          <p className="text-small">Every account is listed here by rating, starting at 1500. New accounts appear within a few seconds.</p>
        </div>
      ) : (
        // tabIndex: a scrollable region must be reachable by keyboard to scroll it.
        <ol className="leaderboard-list list-reset" role="list" tabIndex={0} aria-label="Global leaderboard entries">
          {entries.map((entry, index) => {
            const me = !!currentUserId && entry._id === currentUserId;
            const place = ranks[index] ?? { rank: index + 1, tied: false };
            const medal = medalOf(place);
            return (
              <li
                key={entry._id}
                className={cx('leaderboard-row', me && 'is-me')}
                aria-current={me ? 'true' : undefined}
              >
                <span className={cx('leaderboard-rank', medal && `rank-${medal}`)}>
                  <span className="visually-hidden">Rank </span>
                  {place.rank}
                  {place.tied ? <span className="visually-hidden"> (tied)</span> : null}
                </span>
                <span className="avatar" aria-hidden="true" style={me ? undefined : { background: avatarColor(entry.name) }}>
                  {initials(entry.name)}
                </span>
                <PlayerName name={entry.name} you={me} className="leaderboard-name" youClassName="leaderboard-you" />
                <span className="leaderboard-rating" title={`${Math.round(entry.rating)} ± ${Math.round(entry.rd)}`}>
                  {Math.round(entry.rating)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

const AVATAR_COLORS = ['#0369a1', '#6d28d9', '#c2410c', '#047857', '#be185d', '#0f766e', '#b45309', '#4f46e5'];

/** A stable colour per name, so each player keeps theirs between updates. */
function avatarColor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? '#6366f1';
}
