/**
 * The season leaderboard (spec §2 "Season leaderboard"): the current UTC month's top-3 podium, then
 * ranks 4–10 with points and rating, the user's own row when not among them, and the days to the next
 * season. Reloaded on seasonUpdate (use-daily-data).
 */
import type { DailySeasonResponse, SeasonEntry } from '@mathsprint/shared/protocol';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { IconTrophy } from '../../../components/ui/icons';
import { seasonName, showOwnRow, splitBoard } from '../lib/season';
import { counted } from '../../../lib/plural';

export interface SeasonBoardProps {
  season: DailySeasonResponse | undefined;
  loading: boolean;
  currentUserId: string | null;
  /** "12 days to next season". */
  nextSeasonText: string;
  year: number | undefined;
  month: number | undefined;
}

/** Podium order on screen: 2nd, 1st, 3rd (the winner in the middle, tallest). */
const PODIUM_ORDER = [1, 0, 2] as const;

function PodiumStep({ entry, place, me }: { entry: SeasonEntry; place: number; me: boolean }) {
  return (
    <li className={cx('daily-podium-step', `daily-podium-step--${place}`, me && 'is-me')} aria-current={me ? 'true' : undefined}>
      {/* The rank, not the step: players level on points share it, as in the table below. */}
      <span className="daily-podium-medal" aria-hidden="true">
        {entry.rank}
      </span>
      <span className="daily-podium-name" title={entry.name}>
        <span className="visually-hidden">Rank {entry.rank}: </span>
        {entry.name}
      </span>
      {me ? <span className="daily-you daily-podium-you">(You)</span> : null}
      <span className="daily-podium-points">
        {entry.seasonPoints}
        <span className="daily-unit"> pts</span>
      </span>
      <span className="daily-podium-rating">Rating {Math.round(entry.rating)}</span>
      <span className="daily-podium-block" aria-hidden="true" />
    </li>
  );
}

export function SeasonBoard({ season, loading, currentUserId, nextSeasonText, year, month }: SeasonBoardProps) {
  const top = season?.top ?? [];
  const { podium, rest } = splitBoard(top);
  const me = season?.me;
  const ownRow = me && showOwnRow(top, currentUserId);
  const title = year && month ? seasonName(year, month) : 'This month';

  return (
    <Card title="Season leaderboard" subtitle={`${title} · ${nextSeasonText}`} icon={<IconTrophy />} className="daily-season">
      {loading ? (
        <div role="status" aria-busy="true" aria-label="Loading season leaderboard">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className="skeleton daily-skeleton-row" />
          ))}
        </div>
      ) : top.length === 0 ? (
        <p className="daily-empty">No season points yet this month. Solve a set to open the season!</p>
      ) : (
        <>
          <ol className="list-reset daily-podium" aria-label="Season podium">
            {PODIUM_ORDER.map((i) => {
              const entry = podium[i];
              return entry ? (
                <PodiumStep key={entry._id} entry={entry} place={i + 1} me={entry._id === currentUserId} />
              ) : (
                // An empty step keeps the winner in the middle while fewer than 3 have points.
                <li key={`empty-${i}`} className={`daily-podium-step daily-podium-step--${i + 1} daily-podium-step--empty`} aria-hidden="true">
                  <span className="daily-podium-medal">{i + 1}</span>
                  <span className="daily-podium-empty">Open spot</span>
                  <span className="daily-podium-block" />
                </li>
              );
            })}
          </ol>
          {rest.length > 0 ? (
            <table className="daily-table daily-season-table">
              <caption className="visually-hidden">Season ranks 4 to 10</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Player</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                  <th scope="col" className="num">
                    Rating
                  </th>
                </tr>
              </thead>
              <tbody>
                {rest.map((entry) => {
                  const mine = entry._id === currentUserId;
                  return (
                    <tr key={entry._id} className={cx(mine && 'is-me')} aria-current={mine ? 'true' : undefined}>
                      <td className="daily-rank">{entry.rank}</td>
                      <td className="daily-name">
                        {entry.name}
                        {mine ? <span className="daily-you"> (You)</span> : null}
                      </td>
                      <td className="num">{entry.seasonPoints}</td>
                      <td className="num">{Math.round(entry.rating)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </>
      )}
      {!loading && ownRow && me ? (
        <div className="daily-own-row" aria-label="Your season row">
          <span className="daily-rank">
            {me.rank ?? <span aria-hidden="true">–</span>}
            {me.rank === null ? <span className="visually-hidden">Not ranked yet</span> : null}
          </span>
          <span className="daily-name">
            {me.name} <span className="daily-you">(You)</span>
          </span>
          <span className="num">
            {me.seasonPoints}
            <span className="daily-unit"> pts</span>
          </span>
          {/* Labelled: alone under the podium, a bare 1500 read as more points. */}
          <span className="num daily-own-rating">Rating {Math.round(me.rating)}</span>
        </div>
      ) : null}
      {season ? (
        <p className="text-xs text-muted daily-season-foot">
          {counted(season.participants, 'player')} this season
        </p>
      ) : null}
    </Card>
  );
}
