/**
 * Weekly contest HTTP calls (spec §7 "Weekly contest"; shapes in @mathsprint/shared/protocol
 * contest.ts). Failures throw ApiError (lib/api) carrying the server's `error` text, or the given
 * fallback message (spec §8). Query keys live here so every screen invalidates the same caches.
 */
import type {
  ContestDetailsResponse,
  ContestHistoryResponse,
  ContestLeaderboardResponse,
  ContestRegisterResponse,
  ContestResponse,
  ContestStartResponse,
  ContestStatsResponse,
  ContestSubmitAnswerResponse,
  ContestSubmitResponse,
  CurrentContestResponse,
} from '@mathsprint/shared/protocol';
import { api, ApiError } from '../../../lib/api';

/** TanStack Query keys of the contest data. */
export const contestKeys = {
  all: ['contest'] as const,
  next: () => ['contest', 'next'] as const,
  current: () => ['contest', 'current'] as const,
  leaderboard: (contestId: string, limit: number) => ['contest', 'leaderboard', contestId, limit] as const,
  stats: (contestId: string) => ['contest', 'stats', contestId] as const,
  history: (limit?: number) => ['contest', 'history', limit ?? 'all'] as const,
  details: (contestId: string) => ['contest', 'past', contestId] as const,
};

function expectKey<T extends object>(data: unknown, key: keyof T & string, fallback: string): T {
  if (!data || typeof data !== 'object' || !(key in data)) throw new ApiError(fallback, 0);
  return data as T;
}

/** GET /contest/next: the live contest, else the next one (always present). */
export async function getNextContest(): Promise<ContestResponse> {
  const fallback = 'Failed to load contest data';
  return expectKey<ContestResponse>(await api.get('/contest/next', undefined, fallback), 'contest', fallback);
}

/** GET /contest/current: the live contest, else the most recently closed one, else null. */
export async function getCurrentContest(): Promise<CurrentContestResponse> {
  const fallback = 'Failed to load contest data';
  return expectKey<CurrentContestResponse>(await api.get('/contest/current', undefined, fallback), 'contest', fallback);
}

/** GET /contest/leaderboard?contestId&limit (5 on home, 50 on results); empty until finalized. */
export async function getContestLeaderboard(contestId: string, limit: number): Promise<ContestLeaderboardResponse> {
  const fallback = 'Failed to load the contest leaderboard';
  return expectKey<ContestLeaderboardResponse>(await api.get('/contest/leaderboard', { contestId, limit }, fallback), 'leaderboard', fallback);
}

/** GET /contest/stats?contestId. */
export async function getContestStats(contestId: string): Promise<ContestStatsResponse> {
  const fallback = 'Failed to load contest stats';
  return expectKey<ContestStatsResponse>(await api.get('/contest/stats', { contestId }, fallback), 'stats', fallback);
}

/** POST /contest/register {contestId}; spec §8: the server's error text, else 'Registration failed'. */
export async function registerForContest(contestId: string): Promise<ContestRegisterResponse> {
  const fallback = 'Registration failed';
  return expectKey<ContestRegisterResponse>(await api.post('/contest/register', { contestId }, fallback), 'contest', fallback);
}

/** GET /contest/history[?limit]: the caller's progress summary and attempts, most recent first. */
export async function getContestHistory(limit?: number): Promise<ContestHistoryResponse> {
  const fallback = 'Failed to load contest history';
  return expectKey<ContestHistoryResponse>(await api.get('/contest/history', { limit }, fallback), 'progress', fallback);
}

/** GET /contest/past/{contestId}: per-question review of the caller's attempt (after close only). */
export async function getContestDetails(contestId: string): Promise<ContestDetailsResponse> {
  const fallback = 'Failed to load contest details';
  return expectKey<ContestDetailsResponse>(await api.get(`/contest/past/${encodeURIComponent(contestId)}`, undefined, fallback), 'contestDetails', fallback);
}

/** POST /contest/start {contestId}: the caller's attempt (made or resumed) and the questions, never their answers. */
export async function startContest(contestId: string): Promise<ContestStartResponse> {
  const fallback = 'Failed to load contest';
  return expectKey<ContestStartResponse>(await api.post('/contest/start', { contestId }, fallback), 'attempt', fallback);
}

/** POST /contest/submit-answer; timeSpent in seconds. Resolves once the answer is stored. */
export async function submitContestAnswer(
  contestId: string,
  questionIndex: number,
  answer: number,
  timeSpent: number,
): Promise<ContestSubmitAnswerResponse> {
  const fallback = 'Failed to submit answer';
  return expectKey<ContestSubmitAnswerResponse>(await api.post('/contest/submit-answer', { contestId, questionIndex, answer, timeSpent }, fallback), 'saved', fallback);
}

/** POST /contest/submit {contestId}: the submitted attempt with its score. */
export async function submitContest(contestId: string): Promise<ContestSubmitResponse> {
  const fallback = 'Failed to submit contest';
  return expectKey<ContestSubmitResponse>(await api.post('/contest/submit', { contestId }, fallback), 'attempt', fallback);
}
