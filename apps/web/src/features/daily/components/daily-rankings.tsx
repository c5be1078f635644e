/**
 * A section's daily rankings (spec §2: name, practice points, seconds taken; spec §3 "Daily ranking
 * entry"), the current user's row marked.
 */
import type { DailyRankingEntry } from '@mathsprint/shared/protocol';
import { cx } from '../../../components/ui/cx';

export interface DailyRankingsProps {
  entries: readonly DailyRankingEntry[];
  loading: boolean;
  currentUserId: string | null;
  /** Accessible name of the table, e.g. "Daily rankings, Basic". */
  label: string;
  /** Whether the viewer may solve the set: a locked set's empty rankings do not invite them to. */
  canSolve: boolean;
}

export function DailyRankings({ entries, loading, currentUserId, label, canSolve }: DailyRankingsProps) {
  if (loading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading daily rankings">
        {Array.from({ length: 3 }, (_, i) => (
          <span key={i} className="skeleton daily-skeleton-row" />
        ))}
      </div>
    );
  }
  if (entries.length === 0) {
    return <p className="daily-empty">{canSolve ? 'Nobody has submitted this set today yet. Be the first!' : 'Nobody has submitted this set today yet.'}</p>;
  }
  return (
    <div className="daily-table-wrap">
      <table className="daily-table daily-rankings">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Practice points
            </th>
            <th scope="col" className="num">
              Seconds taken
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => {
            const me = e.user._id === currentUserId;
            return (
              <tr key={e.user._id} className={cx(me && 'is-me', e.rank <= 3 && `daily-top-${e.rank}`)} aria-current={me ? 'true' : undefined}>
                <td className="daily-rank">{e.rank}</td>
                <td className="daily-name">
                  {e.user.name}
                  {me ? <span className="daily-you"> (You)</span> : null}
                </td>
                <td className="num">{e.practicePoints}</td>
                <td className="num">{e.timeTakenSeconds} s</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
