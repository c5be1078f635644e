/**
 * Data of /contest/{contestId}/results (spec §2 "Contest results", §4, §7, §8; issue #3):
 * - the attempt from navigation state (a manual submit), else GET /contest/history?limit=10's
 *   attempts matching contestId._id;
 * - GET /contest/next and /contest/current, each used only when its _id matches (spec §7): title,
 *   close time and `serverTime` (the clock offset) when there is no attempt;
 * - GET /contest/leaderboard?limit=50 and /contest/stats; their failures are logged only (spec §8),
 *   leaving empty lists;
 * - when the close time passes, everything is read again, then every ~5 s until the contest is
 *   finalized (attempt ranked, leaderboard final); the stats also until their averages are published
 *   (`averagesPublished`, lib/field-stats).
 * A failed attempt lookup toasts 'Failed to load contest results' (spec §8).
 */
import { CONTEST } from '@mathsprint/shared/constants';
import type { ContestAttempt, ContestLeaderboardEntry, ContestStats } from '@mathsprint/shared/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'react-toastify';
import {
  contestKeys,
  getContestHistory,
  getContestLeaderboard,
  getContestStats,
  getCurrentContest,
  getNextContest,
} from '../../api/contest-api';
import { useCorrectedNow } from '../../take/hooks/use-corrected-now';
import { clockOffsetMs, instantMs, secondsUntil } from '../../take/lib/contest-time';
import { attemptFromNavState } from '../lib/attempt-nav';
import { RESULTS_MESSAGES } from '../lib/messages';
import { FINALIZATION_POLL_MS, isClosed, pickAttempt, pollDelayMs, resultsPhase, type ResultsPhase } from '../lib/results-phase';

export interface ContestResults {
  /** 'Computing Results...' until the first answers are in. */
  loading: boolean;
  /** The attempt lookup failed (history, with nothing in navigation state). */
  failed: boolean;
  retry: () => void;
  phase: ResultsPhase;
  attempt: ContestAttempt | null;
  /** Contest title, else 'Weekly Math Contest' (spec §2). */
  title: string;
  /** Questions in the contest (20 in the weekly contest). */
  questionCount: number;
  /** Seconds until close (rounded up); 0 once closed or unknown. */
  secondsToClose: number;
  leaderboard: ContestLeaderboardEntry[];
  leaderboardFinal: boolean;
  stats: ContestStats | null;
}

function logOnly(what: string, error: unknown): void {
  if (error) console.error(`Contest results: ${what} failed to load`, error);
}

export function useContestResults(contestId: string, enabled: boolean): ContestResults {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [navAttempt] = useState(() => attemptFromNavState(location.state));
  const [pollMs, setPollMs] = useState<number | false>(false);
  const [statsPollMs, setStatsPollMs] = useState<number | false>(false);
  const limit = CONTEST.resultsLeaderboardLimit;

  const history = useQuery({
    queryKey: contestKeys.history(CONTEST.resultsHistoryLimit),
    queryFn: () => getContestHistory(CONTEST.resultsHistoryLimit),
    enabled,
    refetchInterval: pollMs,
  });
  const next = useQuery({ queryKey: contestKeys.next(), queryFn: getNextContest, enabled, retry: false });
  const current = useQuery({ queryKey: contestKeys.current(), queryFn: getCurrentContest, enabled, retry: false });
  const board = useQuery({
    queryKey: contestKeys.leaderboard(contestId, limit),
    queryFn: () => getContestLeaderboard(contestId, limit),
    enabled,
    refetchInterval: pollMs,
  });
  const statsQuery = useQuery({
    queryKey: contestKeys.stats(contestId),
    queryFn: () => getContestStats(contestId),
    enabled,
    refetchInterval: statsPollMs,
  });

  useEffect(() => logOnly('leaderboard', board.error), [board.error]);
  useEffect(() => logOnly('stats', statsQuery.error), [statsQuery.error]);

  const attempt = pickAttempt(navAttempt, history.data?.attempts, contestId);
  // Spec §7: the next-contest response is used only when its _id matches; /contest/current likewise.
  const match = [next.data?.contest, current.data?.contest].find((c) => c?._id === contestId) ?? null;
  const matchQuery = match && next.data?.contest?._id === contestId ? next : current;
  const offsetMs = match ? clockOffsetMs(match.serverTime, matchQuery.dataUpdatedAt) : 0;
  const now = useCorrectedNow(offsetMs);
  const closeMs = instantMs(attempt?.contestId.closeTime ?? match?.closeTime);
  const leaderboardFinal = board.data?.finalized ?? false;
  const closed = isClosed(closeMs, now, leaderboardFinal);
  const phase = resultsPhase({ attempt, closeMs, nowMs: now, leaderboardFinal });
  const failed = !attempt && history.isError;

  const published = statsQuery.data?.stats.averagesPublished === true;

  const wantedPoll = pollDelayMs(phase, leaderboardFinal);
  useEffect(() => setPollMs(wantedPoll), [wantedPoll]);
  // Closed, but the stats in hand were made before close (their averages 0): ask until they are not.
  const wantedStatsPoll = closed && !published && !statsQuery.isError ? FINALIZATION_POLL_MS : wantedPoll;
  useEffect(() => setStatsPollMs(wantedStatsPoll), [wantedStatsPoll]);

  // The close instant passes while the page is open: read everything again at once (then poll).
  const wasOpen = useRef(!closed);
  useEffect(() => {
    if (closed && wasOpen.current) {
      void queryClient.invalidateQueries({ queryKey: contestKeys.history(CONTEST.resultsHistoryLimit) });
      void queryClient.invalidateQueries({ queryKey: contestKeys.leaderboard(contestId, limit) });
      void queryClient.invalidateQueries({ queryKey: contestKeys.stats(contestId) });
    }
    wasOpen.current = !closed;
  }, [closed, contestId, limit, queryClient]);

  useEffect(() => {
    if (failed) toast.error(RESULTS_MESSAGES.loadFailed, { toastId: 'contest-results-failed' });
  }, [failed]);

  const loading =
    enabled &&
    ((history.isPending && !navAttempt) ||
      board.isPending ||
      statsQuery.isPending ||
      (!attempt && (next.isPending || current.isPending)));

  return {
    loading,
    failed,
    retry: () => {
      void history.refetch();
      void board.refetch();
      void statsQuery.refetch();
    },
    phase,
    attempt,
    title: attempt?.contestId.title || match?.title || RESULTS_MESSAGES.fallbackTitle,
    questionCount: attempt?.contestId.questionCount ?? match?.questionCount ?? CONTEST.questionCount,
    secondsToClose: closed ? 0 : secondsUntil(closeMs, now),
    leaderboard: board.data?.leaderboard ?? [],
    leaderboardFinal,
    stats: statsQuery.data?.stats ?? null,
  };
}
