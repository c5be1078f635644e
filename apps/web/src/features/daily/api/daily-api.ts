/**
 * Daily practice HTTP calls (spec §7 "Daily"; shapes in @mathsprint/shared/protocol
 * daily-replies.ts, whose schemas parse every reply). Every call needs a signed-in, non-guest user
 * (401 otherwise, issue #4). Failures throw ApiError (lib/api) carrying the server's `error` text,
 * or the given fallback (spec §8). Query keys live here so the hub, the home card and the socket
 * handlers invalidate the same caches.
 */
import { DAILY } from '@mathsprint/shared/constants';
import {
  dailyCommentResponseSchema,
  dailyCommentsResponseSchema,
  dailyLeaderboardResponseSchema,
  dailySeasonResponseSchema,
  dailySectionResponseSchema,
  dailyStreakResponseSchema,
  dailySubmitResponseSchema,
  dailyTodayResponseSchema,
  type DailyCommentResponse,
  type DailyCommentsResponse,
  type DailyLeaderboardResponse,
  type DailySeasonResponse,
  type DailySectionKey,
  type DailySectionResponse,
  type DailyStreakResponse,
  type DailySubmitBody,
  type DailySubmitResponse,
  type DailyTodayResponse,
  type VoteType,
} from '@mathsprint/shared/protocol';
import { api } from '../../../lib/api';
import { DAILY_MESSAGES } from '../lib/messages';

/** TanStack Query keys of the daily data. */
export const dailyKeys = {
  all: ['daily'] as const,
  today: () => ['daily', 'today'] as const,
  section: (date: string, sectionKey: DailySectionKey) => ['daily', 'section', date, sectionKey] as const,
  /** The home card's preview of a section: kept apart, since it does not open the section. */
  preview: (date: string, sectionKey: DailySectionKey) => ['daily', 'preview', date, sectionKey] as const,
  leaderboards: () => ['daily', 'leaderboard'] as const,
  leaderboard: (date: string, sectionKey: DailySectionKey, limit: number) => ['daily', 'leaderboard', date, sectionKey, limit] as const,
  seasons: () => ['daily', 'season'] as const,
  season: (year: number, month: number) => ['daily', 'season', year, month] as const,
  streak: () => ['daily', 'streak'] as const,
  comments: (date: string, sectionKey: DailySectionKey) => ['daily', 'comments', date, sectionKey] as const,
};

/** GET /api/daily/today: today's UTC date and the four sections with the caller's unlocked flags. */
export async function getDailyToday(): Promise<DailyTodayResponse> {
  const fallback = 'Failed to load daily practice';
  return api.get('/api/daily/today', dailyTodayResponseSchema, undefined, fallback);
}

/**
 * GET /api/daily/section/{date}/{sectionKey}: the question texts (and, once submitted, the result with
 * answers and explanations). 403 with the rating needed when locked. The first call starts the
 * server's clock of the caller's time taken, unless `preview` (the home card's sample problems).
 */
export async function getDailySection(date: string, sectionKey: DailySectionKey, options: { preview?: boolean } = {}): Promise<DailySectionResponse> {
  const fallback = DAILY_MESSAGES.openFailed;
  const path = `/api/daily/section/${encodeURIComponent(date)}/${encodeURIComponent(sectionKey)}`;
  return api.get(path, dailySectionResponseSchema, options.preview ? { preview: 1 } : undefined, fallback);
}

/** POST /api/daily/submit: answers in question order; 409 "Already submitted today" on a second one. */
export async function submitDailySection(body: DailySubmitBody): Promise<DailySubmitResponse> {
  const fallback = DAILY_MESSAGES.submitFailed;
  return api.post('/api/daily/submit', dailySubmitResponseSchema, body, fallback);
}

/** GET /api/daily/leaderboard?date&sectionKey&limit (20 by default, 3 on the home card). */
export async function getDailyLeaderboard(date: string, sectionKey: DailySectionKey, limit: number = DAILY.leaderboardLimit): Promise<DailyLeaderboardResponse> {
  const fallback = 'Failed to load the daily rankings';
  return api.get('/api/daily/leaderboard', dailyLeaderboardResponseSchema, { date, sectionKey, limit }, fallback);
}

/** GET /api/daily/season?year&month&_ts: the month's top 10 and the caller's own row. `_ts` busts caches (spec §7). */
export async function getDailySeason(year: number, month: number): Promise<DailySeasonResponse> {
  const fallback = 'Failed to load the season leaderboard';
  return api.get('/api/daily/season', dailySeasonResponseSchema, { year, month, _ts: Date.now() }, fallback);
}

/** GET /api/daily/streak: the current streak and every day of the calendar's 3 years. */
export async function getDailyStreak(): Promise<DailyStreakResponse> {
  const fallback = 'Failed to load the streak';
  return api.get('/api/daily/streak', dailyStreakResponseSchema, undefined, fallback);
}

/** GET /api/daily/comments?date&sectionKey&limit=50: newest first. */
export async function getDailyComments(date: string, sectionKey: DailySectionKey, limit: number = DAILY.commentsLimit): Promise<DailyCommentsResponse> {
  const fallback = 'Failed to load the discussion';
  return api.get('/api/daily/comments', dailyCommentsResponseSchema, { date, sectionKey, limit }, fallback);
}

/** POST /api/daily/comment: the stored comment; 400 for empty or over-long text, 429 when posting too fast. */
export async function postDailyComment(date: string, sectionKey: DailySectionKey, text: string): Promise<DailyCommentResponse> {
  const fallback = DAILY_MESSAGES.commentFailed;
  return api.post('/api/daily/comment', dailyCommentResponseSchema, { date, sectionKey, text }, fallback);
}

/** POST /api/daily/comments/{id}/vote: the same direction again removes the vote, the other switches it. */
export async function voteOnComment(id: string, voteType: VoteType): Promise<DailyCommentResponse> {
  const fallback = DAILY_MESSAGES.voteFailed;
  return api.post(`/api/daily/comments/${encodeURIComponent(id)}/vote`, dailyCommentResponseSchema, { voteType }, fallback);
}
