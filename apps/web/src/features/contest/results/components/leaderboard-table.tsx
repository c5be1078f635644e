/**
 * The results leaderboard (spec §2 "Contest results"): Rank, Participant (email local part, else
 * name, else Anonymous), Score, Correct out of N, Time as m:ss and Badges (first 2 plus '+N'); the
 * top three rows highlighted; the current user's row marked 'You'. The search box and pagination
 * are decorative and not wired (spec §2), so they are shown disabled rather than pretending to work.
 */
import type { ContestLeaderboardEntry } from '@mathsprint/shared/protocol';
import { cx, formatMmSs } from '../../../../components/ui';
import { BadgeList } from '../../components/badge-chip';
import { isOwnEntry, participantName } from '../lib/participant';

/** Badges shown per row before the '+N' count (spec §2). */
const ROW_BADGES = 2;

export interface LeaderboardTableProps {
  entries: readonly ContestLeaderboardEntry[];
  questionCount: number;
  currentUserId: string | null;
  /** The contest is finalized: an empty board means nobody took part, not "not ranked yet". */
  final?: boolean;
}

export function LeaderboardTable({ entries, questionCount, currentUserId, final = false }: LeaderboardTableProps) {
  const count = entries.length;
  return (
    <div className="cresults-board">
      <div className="cresults-board-toolbar">
        <label className="cresults-search">
          <span className="visually-hidden">Search participants (not available yet)</span>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <input type="search" className="input" placeholder="Search participants" disabled title="Search is not available yet" />
        </label>
        <span className="text-small text-muted tabular">
          {count === 0 ? 'No participants' : `Showing 1–${count} of ${count}`}
        </span>
      </div>

      {count === 0 ? (
        <p className="cresults-empty">{final ? 'Nobody took part in this contest.' : 'No ranked participants yet.'}</p>
      ) : (
        <div className="cresults-table-wrap">
          <table className="cresults-table">
            <caption className="visually-hidden">Contest leaderboard, top {count}</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Participant</th>
                <th scope="col" className="num">
                  Score
                </th>
                <th scope="col" className="num">
                  Correct
                </th>
                <th scope="col" className="num">
                  Time
                </th>
                <th scope="col">Badges</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const you = isOwnEntry(entry, currentUserId);
                const top = entry.rank <= 3 ? `cresults-row-top${entry.rank}` : null;
                return (
                  <tr key={entry._id} className={cx(top, you && 'cresults-row-you')} aria-current={you ? 'true' : undefined}>
                    <td className="cresults-cell-rank">
                      <span className={cx('cresults-rank', entry.rank <= 3 && `cresults-rank-${entry.rank}`)}>{entry.rank}</span>
                    </td>
                    <td className="cresults-cell-name">
                      <span className="cresults-name">{participantName(entry.userId)}</span>
                      {you ? <span className="badge badge-primary cresults-you">You</span> : null}
                      {entry.paceFlag ? (
                        <span className="badge badge-warning cresults-flagged" title={`Flagged: ${entry.paceFlag}`}>
                          Flagged<span className="visually-hidden">: {entry.paceFlag}</span>
                        </span>
                      ) : null}
                    </td>
                    <td className="num cresults-cell-score tabular">
                      <strong>{entry.totalScore}</strong>
                      <span className="cresults-unit"> pts</span>
                    </td>
                    <td className="num cresults-cell-correct tabular">
                      {entry.correctCount}/{questionCount}
                    </td>
                    <td className="num cresults-cell-time tabular">{formatMmSs(entry.totalTimeSpent)}</td>
                    <td className="cresults-cell-badges">
                      {entry.badges.length > 0 ? <BadgeList codes={entry.badges} max={ROW_BADGES} size="sm" /> : <span className="text-muted">—</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <nav className="cresults-pagination" aria-label="Leaderboard pages">
        <button type="button" className="btn btn-ghost btn-sm" disabled>
          Previous
        </button>
        <span className="cresults-page-number" aria-current="page">
          1
        </span>
        <button type="button" className="btn btn-ghost btn-sm" disabled>
          Next
        </button>
      </nav>
    </div>
  );
}
