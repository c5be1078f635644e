/**
 * The server − client clock offset (ms) for a contest's countdown, and the contest's opening.
 * POST /contest/start carries no server time, so it is read from GET /contest/next (shared cache
 * with the home card), whose `serverTime` and `openTime` are used only when that response is about
 * this contest (the live or next one); otherwise the local clock is trusted (offset 0) and the
 * opening is unknown. The call is a best effort: its failure changes nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { contestKeys, getNextContest } from '../../api/contest-api';
import { clockOffsetMs, instantMs } from '../lib/contest-time';

export interface ContestClock {
  /** server − client, ms (clockOffsetMs); 0 when unknown. */
  offsetMs: number;
  /** This contest's openTime, epoch ms; NaN when GET /contest/next is about another contest. */
  openMs: number;
  /** GET /contest/next has answered (or failed): offsetMs and openMs are as good as they get. */
  settled: boolean;
}

export function useContestClockOffset(contestId: string, enabled: boolean): ContestClock {
  const next = useQuery({ queryKey: contestKeys.next(), queryFn: getNextContest, enabled, retry: false });
  const contest = next.data?.contest;
  const mine = contest && contest._id === contestId ? contest : null;
  return {
    // dataUpdatedAt is when this browser received the response whose serverTime we read.
    offsetMs: mine ? clockOffsetMs(mine.serverTime, next.dataUpdatedAt) : 0,
    openMs: instantMs(mine?.openTime),
    settled: !next.isPending,
  };
}
