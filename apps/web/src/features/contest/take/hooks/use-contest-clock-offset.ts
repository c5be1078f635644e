/**
 * The server − client clock offset (ms) for a contest's countdown. POST /contest/start carries no
 * server time, so it is read from GET /contest/next (shared cache with the home card), whose
 * `serverTime` is used only when that response is about this contest (the live one); otherwise the
 * local clock is trusted (offset 0). The call is a best effort: its failure changes nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { contestKeys, getNextContest } from '../../api/contest-api';
import { clockOffsetMs } from '../lib/contest-time';

export function useContestClockOffset(contestId: string, enabled: boolean): number {
  const next = useQuery({ queryKey: contestKeys.next(), queryFn: getNextContest, enabled, retry: false });
  const contest = next.data?.contest;
  // dataUpdatedAt is when this browser received the response whose serverTime we read.
  return contest && contest._id === contestId ? clockOffsetMs(contest.serverTime, next.dataUpdatedAt) : 0;
}
