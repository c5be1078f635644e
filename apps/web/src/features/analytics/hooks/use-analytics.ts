/**
 * Data of the analytics panel (spec §2 "Analytics panel", §7: GET /contest/history with no limit on
 * home → progress; GET /contest/past/{contestId} → contestDetails). A history failure is logged
 * only and leaves an empty history (spec §8 "progress ... load failures: logged only").
 */
import type { ContestAttempt, ContestProgress } from '@mathsprint/shared/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contestKeys, getContestDetails, getContestHistory } from '../../contest';

const EMPTY_PROGRESS: ContestProgress = { totalContests: 0, avgScore: 0, avgAccuracy: 0, totalBadges: 0, badges: [], history: [] };

const NO_ATTEMPTS: ContestAttempt[] = [];

/**
 * The caller's progress summary and attempts (the doughnut reads their wrong counts); `enabled`
 * false for signed-out users and guests.
 */
export function useContestProgress(enabled: boolean): { progress: ContestProgress; attempts: ContestAttempt[]; loading: boolean } {
  const query = useQuery({
    queryKey: contestKeys.history(),
    queryFn: () => getContestHistory(),
    enabled,
  });
  useEffect(() => {
    if (query.error) console.error('Analytics: contest history failed to load', query.error);
  }, [query.error]);
  return { progress: query.data?.progress ?? EMPTY_PROGRESS, attempts: query.data?.attempts ?? NO_ATTEMPTS, loading: enabled && query.isPending };
}

/** One past contest's per-question review; null id → idle. */
export function useContestDetails(contestId: string | null) {
  const query = useQuery({
    queryKey: contestKeys.details(contestId ?? ''),
    queryFn: () => getContestDetails(contestId ?? ''),
    enabled: contestId !== null,
  });
  useEffect(() => {
    if (query.error) console.error('Analytics: contest details failed to load', query.error);
  }, [query.error]);
  return query;
}
