/**
 * Data and behaviour of the weekly contest card (spec §2 "Weekly contest card", §4, §5, §8):
 * - GET /contest/next (a contest closed in the last day, then the live contest, else the next
 *   upcoming one); its `serverTime` corrects the card's clock; a load failure toasts 'Failed to
 *   load contest data';
 * - status and countdown from that clock, re-read every second; when the clock crosses openTime or
 *   closeTime the status flips at once and every contest query is refetched;
 * - the top 5 and stats of the card's contest once live/completed, else of the most recently
 *   finished contest (GET /contest/current); their failures are logged only (empty lists);
 * - POST /contest/register: guests and signed-out users get 'Please login to register for the
 *   contest'; success marks the user registered and reloads the contest; failure toasts the
 *   server's text, else 'Registration failed'.
 */
import { CONTEST } from '@mathsprint/shared/constants';
import type { ContestLeaderboardEntry, ContestStats, ContestStatus, ContestView, PublicUser } from '@mathsprint/shared/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '../../../../lib/api';
import { getToken } from '../../../../lib/storage';
import {
  contestKeys,
  getContestLeaderboard,
  getContestStats,
  getCurrentContest,
  getNextContest,
  registerForContest,
} from '../../api/contest-api';
import { cardAction, CONTEST_MESSAGES, isRegistered, registerBlockedReason, statsSource, type CardAction, type StatsSource } from '../lib/card-action';
import { clockOffsetMs, contestStatusAt, countdownText } from '../lib/contest-clock';
import { useCorrectedNow } from './use-corrected-now';

/** While a closed contest's leaderboard is not final yet, ask again this often (ms). */
const NOT_FINAL_POLL_MS = 10_000;
/** While the card shows a contest that has ended, ask /contest/next again this often (ms), to move on
 * to the next contest when the server does (a day after the close, or half-way to the next opening). */
const ENDED_POLL_MS = 60_000;

export interface ContestCardState {
  /** True until the first GET /contest/next answers. */
  loading: boolean;
  /** True when GET /contest/next failed (after its retry) and there is nothing to show. */
  failed: boolean;
  retry: () => void;
  contest: ContestView | null;
  status: ContestStatus | null;
  /** Countdown text (spec §4), '' while loading. */
  countdown: string;
  registered: boolean;
  action: CardAction | null;
  /** Whose top 5 and stats are shown; null → empty state. */
  source: StatsSource | null;
  leaderboard: ContestLeaderboardEntry[];
  /** False until the source contest is finalized (its leaderboard is empty until then). */
  leaderboardFinal: boolean;
  stats: ContestStats | null;
  boardLoading: boolean;
  register: () => void;
  registering: boolean;
}

function logOnly(what: string, error: unknown) {
  // Spec §8: leaderboard and stats load failures are logged only, leaving empty lists.
  if (error) console.error(`Contest card: ${what} failed to load`, error);
}

export function useContestCard(user: PublicUser | null): ContestCardState {
  const queryClient = useQueryClient();

  const next = useQuery({
    queryKey: contestKeys.next(),
    queryFn: getNextContest,
    refetchInterval: (query) => {
      const c = query.state.data?.contest;
      if (!c) return false;
      const now = Date.now() + clockOffsetMs(c.serverTime, query.state.dataUpdatedAt);
      return contestStatusAt(c, now) === 'completed' ? ENDED_POLL_MS : false;
    },
  });
  const contest = next.data?.contest ?? null;
  // dataUpdatedAt is when this browser received the response whose serverTime we read.
  const offset = contest ? clockOffsetMs(contest.serverTime, next.dataUpdatedAt) : 0;
  const now = useCorrectedNow(offset, contest ? [Date.parse(contest.openTime), Date.parse(contest.closeTime)] : []);
  const status = contest ? contestStatusAt(contest, now) : null;

  useEffect(() => {
    if (next.isError) toast.error(CONTEST_MESSAGES.loadFailed, { toastId: 'contest-load-failed' });
  }, [next.isError]);

  // The clock crossed openTime or closeTime: the status above has flipped already; reload the
  // contest and its leaderboard and stats (after close the card keeps the contest, Completed).
  const seen = useRef<{ id: string; status: ContestStatus } | null>(null);
  useEffect(() => {
    if (!contest || !status) return;
    const before = seen.current;
    seen.current = { id: contest._id, status };
    if (before && before.id === contest._id && before.status !== status) {
      void queryClient.invalidateQueries({ queryKey: contestKeys.all });
    }
  }, [contest, status, queryClient]);

  const current = useQuery({
    queryKey: contestKeys.current(),
    queryFn: getCurrentContest,
    enabled: status === 'upcoming',
  });
  useEffect(() => logOnly('last contest', current.error), [current.error]);

  const source = contest ? statsSource(contest, current.data?.contest, now) : null;
  const sourceId = source?.contestId ?? '';
  const sourceClosed = source?.closed ?? false;

  const leaderboard = useQuery({
    queryKey: contestKeys.leaderboard(sourceId, CONTEST.homeLeaderboardLimit),
    queryFn: () => getContestLeaderboard(sourceId, CONTEST.homeLeaderboardLimit),
    enabled: sourceId !== '',
    refetchInterval: (query) => (sourceClosed && query.state.data && !query.state.data.finalized ? NOT_FINAL_POLL_MS : false),
  });
  useEffect(() => logOnly('leaderboard', leaderboard.error), [leaderboard.error]);

  const stats = useQuery({
    queryKey: contestKeys.stats(sourceId),
    queryFn: () => getContestStats(sourceId),
    enabled: sourceId !== '',
    // Stats settle with the leaderboard: reload them when it becomes final.
    refetchInterval: () => (sourceClosed && leaderboard.data && !leaderboard.data.finalized ? NOT_FINAL_POLL_MS : false),
  });
  useEffect(() => logOnly('stats', stats.error), [stats.error]);

  const registration = useMutation({
    mutationFn: (contestId: string) => registerForContest(contestId),
    onSuccess: (response) => {
      queryClient.setQueryData(contestKeys.next(), { contest: response.contest });
      void queryClient.invalidateQueries({ queryKey: contestKeys.next() });
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.message ? error.message : CONTEST_MESSAGES.registrationFailed);
      // A 409 'Registration is closed' means our picture is stale: reload it.
      void queryClient.invalidateQueries({ queryKey: contestKeys.next() });
    },
  });

  const registered = contest ? isRegistered(contest, user?._id) : false;

  function register() {
    if (!contest) return;
    const blocked = registerBlockedReason({ hasToken: getToken() !== null, isGuest: user?.isGuest ?? true });
    if (blocked) {
      toast.error(blocked);
      return;
    }
    registration.mutate(contest._id);
  }

  return {
    loading: next.isPending,
    failed: next.isError && !contest,
    retry: () => void next.refetch(),
    contest,
    status,
    countdown: contest ? countdownText(contest, now) : '',
    registered,
    action: status ? cardAction(status, registered) : null,
    source,
    leaderboard: leaderboard.data?.leaderboard ?? [],
    leaderboardFinal: leaderboard.data?.finalized ?? false,
    stats: stats.data?.stats ?? null,
    boardLoading: sourceId !== '' && (leaderboard.isPending || stats.isPending),
    register,
    registering: registration.isPending,
  };
}
