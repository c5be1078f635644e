/**
 * Weekly contest HTTP calls (spec §7 "Weekly contest"; shapes in @mathsprint/shared/protocol
 * contest-replies.ts, whose schemas parse every reply). Failures throw ApiError (lib/api) carrying
 * the server's `error` text, or the given fallback message (spec §8). Query keys live here so every screen invalidates the same caches.
 */
import {
  contestDetailsResponseSchema,
  contestHistoryResponseSchema,
  contestLeaderboardResponseSchema,
  contestRegisterResponseSchema,
  contestResponseSchema,
  contestStartResponseSchema,
  contestStatsResponseSchema,
  contestSubmitAnswerResponseSchema,
  contestSubmitResponseSchema,
  currentContestResponseSchema,
  type ContestDetailsResponse,
  type ContestHistoryResponse,
  type ContestLeaderboardResponse,
  type ContestRegisterResponse,
  type ContestResponse,
  type ContestStartResponse,
  type ContestStatsResponse,
  type ContestSubmitAnswerResponse,
  type ContestSubmitResponse,
  type CurrentContestResponse,
} from '@mathsprint/shared/protocol';
import { api } from '../../../lib/api';

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

/** GET /contest/next: the live contest, else the next one (always present). */
export async function getNextContest(): Promise<ContestResponse> {
  const fallback = 'Failed to load contest data';
  return api.get('/contest/next', contestResponseSchema, undefined, fallback);
}

/** GET /contest/current: the live contest, else the most recently closed one, else null. */
export async function getCurrentContest(): Promise<CurrentContestResponse> {
  const fallback = 'Failed to load contest data';
  return api.get('/contest/current', currentContestResponseSchema, undefined, fallback);
}

/** GET /contest/leaderboard?contestId&limit (5 on home, 50 on results); empty until finalized. */
export async function getContestLeaderboard(contestId: string, limit: number): Promise<ContestLeaderboardResponse> {
  const fallback = 'Failed to load the contest leaderboard';
  return api.get('/contest/leaderboard', contestLeaderboardResponseSchema, { contestId, limit }, fallback);
}

/** GET /contest/stats?contestId. */
export async function getContestStats(contestId: string): Promise<ContestStatsResponse> {
  const fallback = 'Failed to load contest stats';
  return api.get('/contest/stats', contestStatsResponseSchema, { contestId }, fallback);
}

/** POST /contest/register {contestId}; spec §8: the server's error text, else 'Registration failed'. */
export async function registerForContest(contestId: string): Promise<ContestRegisterResponse> {
  const fallback = 'Registration failed';
  return api.post('/contest/register', contestRegisterResponseSchema, { contestId }, fallback);
}

/** GET /contest/history[?limit]: the caller's progress summary and attempts, most recent first. */
export async function getContestHistory(limit?: number): Promise<ContestHistoryResponse> {
  const fallback = 'Failed to load contest history';
  return api.get('/contest/history', contestHistoryResponseSchema, { limit }, fallback);
}

/** GET /contest/past/{contestId}: per-question review of the caller's attempt (after close only). */
export async function getContestDetails(contestId: string): Promise<ContestDetailsResponse> {
  const fallback = 'Failed to load contest details';
  return api.get(`/contest/past/${encodeURIComponent(contestId)}`, contestDetailsResponseSchema, undefined, fallback);
}

/** POST /contest/start {contestId}: the caller's attempt (made or resumed) and the questions, never their answers. */
export async function startContest(contestId: string): Promise<ContestStartResponse> {
  const fallback = 'Failed to load contest';
  return api.post('/contest/start', contestStartResponseSchema, { contestId }, fallback);
}

/** POST /contest/submit-answer; timeSpent in seconds. Resolves once the answer is stored. */
export async function submitContestAnswer(
  contestId: string,
  questionIndex: number,
  answer: number,
  timeSpent: number,
): Promise<ContestSubmitAnswerResponse> {
  const fallback = 'Failed to submit answer';
  return api.post('/contest/submit-answer', contestSubmitAnswerResponseSchema, { contestId, questionIndex, answer, timeSpent }, fallback);
}

/** POST /contest/submit {contestId}: the submitted attempt with its score. */
export async function submitContest(contestId: string): Promise<ContestSubmitResponse> {
  const fallback = 'Failed to submit contest';
  return api.post('/contest/submit', contestSubmitResponseSchema, { contestId }, fallback);
}
