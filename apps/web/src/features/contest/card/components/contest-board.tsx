/**
 * The contest card's top-5 leaderboard and stats (spec §2 "Weekly contest card": average score,
 * completion percentage). Labelled 'This contest' or 'Last contest' after the contest they describe;
 * empty states when there is none or its leaderboard is not final yet.
 */
import type { ContestLeaderboardEntry, ContestStats } from '@mathsprint/shared/protocol';
import { Link } from 'react-router';
import { cx } from '../../../../components/ui/cx';
import { IconFlag } from '../../../../components/ui/icons';
import { formatMmSs } from '../../../../components/ui/time';
import type { StatsSource } from '../lib/card-action';
import { formatPercent, formatPoints, participantName } from '../lib/format';

export interface ContestBoardProps {
  source: StatsSource | null;
  entries: readonly ContestLeaderboardEntry[];
  /** False while the contest's leaderboard is not finalized (it is empty until then). */
  final: boolean;
  stats: ContestStats | null;
  loading: boolean;
  currentUserId: string | null;
}

export function ContestBoard({ source, entries, final, stats, loading, currentUserId }: ContestBoardProps) {
  if (!source) {
    return (
      <div className="contest-board contest-board--empty">
        <p className="contest-board-heading">Top 5</p>
        <p className="contest-board-empty">
          <IconFlag size={18} />
          No finished contest yet. The leaderboard and stats appear after the first one.
        </p>
      </div>
    );
  }

  const resultsPath = `/contest/${encodeURIComponent(source.contestId)}/results`;
  let emptyText = 'No results for this contest.';
  if (!source.closed) emptyText = 'The leaderboard appears when the contest ends.';
  else if (!final) emptyText = 'Results are being computed…';

  return (
    <div className="contest-board">
      <div className="contest-board-top">
        <p className="contest-board-heading">
          Top 5 <span className="contest-board-kind">· {source.kind === 'last' ? 'Last contest' : 'This contest'}</span>
        </p>
        {source.kind === 'last' ? (
          <Link className="contest-board-link" to={resultsPath}>
            View results
          </Link>
        ) : null}
      </div>
      {source.kind === 'last' ? <p className="contest-board-title">{source.title}</p> : null}

      {loading ? (
        <div role="status" aria-busy="true" aria-label="Loading contest leaderboard">
          {Array.from({ length: 3 }, (_, i) => (
            <span key={i} className="skeleton contest-board-skeleton" />
          ))}
        </div>
      ) : entries.length === 0 ? (
        <p className="contest-board-empty">{emptyText}</p>
      ) : (
        <ol className="contest-top list-reset" aria-label="Contest top 5">
          {entries.map((entry) => {
            const me = !!currentUserId && entry.userId._id === currentUserId;
            return (
              <li key={entry._id} className={cx('contest-top-row', me && 'is-me')} aria-current={me ? 'true' : undefined}>
                <span className={cx('contest-top-rank', entry.rank <= 3 && `rank-${entry.rank}`)}>
                  <span className="visually-hidden">Rank </span>
                  {entry.rank}
                </span>
                <span className="contest-top-name" title={participantName(entry.userId.name)}>
                  <span className="contest-top-name-text">{participantName(entry.userId.name)}</span>
                  {me ? <span className="contest-top-you">(You)</span> : null}
                </span>
                <span className="contest-top-score">
                  {entry.totalScore}
                  <span className="visually-hidden"> points</span>
                </span>
                <span className="contest-top-time" title="Time">
                  {formatMmSs(entry.totalTimeSpent)}
                </span>
              </li>
            );
          })}
        </ol>
      )}

      <dl className="contest-stats">
        <div className="contest-stat">
          <dt>Average score</dt>
          <dd>
            {stats?.averagesPublished && stats.completedAttempts > 0 ? (
              <>
                {formatPoints(stats.averageScore)}
                <span className="contest-stat-unit"> pts</span>
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div className="contest-stat">
          <dt>Completion</dt>
          {/* Nobody registered: no rate to speak of, rather than "0%" of nobody. */}
          <dd>{stats && stats.totalRegistered > 0 ? formatPercent(stats.completionRate) : '—'}</dd>
        </div>
      </dl>
    </div>
  );
}
