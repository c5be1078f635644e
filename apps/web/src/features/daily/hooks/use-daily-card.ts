/**
 * Data of the home daily practice card (spec §2, §4 "Daily practice", §9): the first unlocked
 * section is selected automatically; its first 3 problems (GET /api/daily/section) and the top 3 of
 * its daily leaderboard are loaded; choosing another unlocked section reloads both for today's date.
 * Load failures are logged only (spec §8), leaving empty lists. A dashboard left open across 00:00
 * UTC moves to the new day's sets as the hub does (use-day-rollover).
 */
import { DAILY } from '@mathsprint/shared/constants';
import type { DailySectionKey } from '@mathsprint/shared/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { dailyKeys, getDailySection } from '../api/daily-api';
import { firstUnlocked } from '../lib/sections';
import { useDailyLeaderboard, useDailyToday } from './use-daily-data';
import { useDayRollover } from './use-day-rollover';

export function useDailyCard(enabled: boolean) {
  const today = useDailyToday(enabled);
  const date = today.data?.date;
  useDayRollover(date, today.data?.serverTime, today.dataUpdatedAt);
  const sections = today.data?.sections ?? [];
  const [chosen, setChosen] = useState<DailySectionKey | null>(null);
  const selected = chosen && sections.some((s) => s.key === chosen && s.unlocked) ? chosen : firstUnlocked(sections);

  const problems = useQuery({
    queryKey: dailyKeys.preview(date ?? '', selected ?? 'basic'),
    queryFn: () => getDailySection(date ?? '', selected ?? 'basic', { preview: true }),
    enabled: enabled && !!date && !!selected,
    retry: false,
  });
  useEffect(() => {
    if (problems.error) console.error('Daily practice: problems failed to load', problems.error);
  }, [problems.error]);

  const top = useDailyLeaderboard(enabled ? date : undefined, selected, DAILY.homeTopN);

  return {
    loading: today.isPending && enabled,
    failed: today.isError,
    date,
    sections,
    selected,
    select: (key: DailySectionKey) => setChosen(key),
    problems: (problems.data?.questions ?? []).slice(0, DAILY.homeSampleProblems),
    problemsLoading: !!selected && problems.isPending,
    top: top.data?.top ?? [],
    topLoading: !!selected && top.isPending,
  };
}
