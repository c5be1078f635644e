/**
 * Daily practice HTTP API (spec §7 "Daily", issue #4). Paths and fields are the spec's; shapes are
 * protocol/daily.ts. Every call needs a signed-in account (401 for signed-out callers and guests);
 * every error is `{error, code}` (http/errors.ts): 400 bad input or future date, 403 locked section (opening or submitting
 * it) or a discussion read, joined, posted or voted in before submitting its set, 404 unknown
 * comment, 409 second submission, 429 comment rate limit. Rules and messages: DailyService,
 * DailyComments, section-access.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DAILY_ERRORS,
  commentIdParamsSchema,
  dailyCommentBodySchema,
  dailyCommentsQuerySchema,
  dailyLeaderboardQuerySchema,
  dailySeasonQuerySchema,
  dailySectionParamsSchema,
  dailySectionQuerySchema,
  dailySubmitBodySchema,
  dailyVoteBodySchema,
  type DailyCommentResponse,
  type DailyCommentsResponse,
  type DailyLeaderboardResponse,
  type DailySectionResponse,
  type DailySeasonResponse,
  type DailyStreakResponse,
  type DailySubmitResponse,
  type DailyTodayResponse,
} from '@mathsprint/shared/protocol';
import { parseInput, parseQuery } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import type { DailyComments } from './daily-comments.js';
import type { JsonText } from './daily-boards.js';
import type { DailyUser } from './daily.repo.js';
import type { DailyMember, DailyService } from './daily.service.js';

export interface DailyRoutesOptions {
  daily: DailyService;
  comments: DailyComments;
}

export const dailyRoutes: FastifyPluginAsync<DailyRoutesOptions> = async (app, { daily, comments }) => {
  /** The caller with their current rating (read now): for the calls that check unlocks. */
  const caller = (request: FastifyRequest): Promise<DailyUser> => daily.user(requireUser(request));
  /** The caller as the session says: for the hot reads and the discussion (`loginRequired`: the
   * 401 text without a session, see requireUser). Posting and voting read the caller's rating
   * themselves, with their opening of the section, in one query (DailyComments). */
  const member = (request: FastifyRequest, loginRequired?: string): DailyMember => daily.member(requireUser(request, loginRequired));

  /** GET /api/daily/today → `{date, sections, serverTime}`: the four cards, unlocked by the caller's rating. */
  app.get('/api/daily/today', async (request): Promise<DailyTodayResponse> => daily.today(await caller(request)));

  /** GET /api/daily/section/{date}/{sectionKey} → `{questions, submitted, result, …}`; 403 when locked. */
  app.get('/api/daily/section/:date/:sectionKey', async (request): Promise<DailySectionResponse> => {
    const user = await caller(request);
    const { date, sectionKey } = parseInput(dailySectionParamsSchema, request.params);
    const { preview } = parseQuery(dailySectionQuerySchema, request.query);
    return daily.section(user, date, sectionKey, { preview });
  });

  /** POST /api/daily/submit `{date, sectionKey, answers: [{answer, timeMs}]}` → `{practicePoints, awardedBadges, …}`. */
  app.post('/api/daily/submit', async (request): Promise<DailySubmitResponse> => {
    const user = await caller(request);
    return daily.submit(user, parseInput(dailySubmitBodySchema, request.body));
  });

  /** GET /api/daily/leaderboard?date&sectionKey&limit (1–100, default 20) → `{top}`. */
  app.get('/api/daily/leaderboard', async (request, reply) => {
    member(request);
    const { date, sectionKey, limit } = parseQuery(dailyLeaderboardQuerySchema, request.query);
    const body: JsonText<DailyLeaderboardResponse> = await daily.leaderboard(date, sectionKey, limit);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  /** GET /api/daily/season?year&month&_ts → `{top (ranks 1–10), me, participants}`. */
  app.get('/api/daily/season', async (request): Promise<DailySeasonResponse> => {
    const caller = member(request);
    return daily.season(caller, parseQuery(dailySeasonQuerySchema, request.query));
  });

  /** GET /api/daily/streak → `{currentStreak, longestStreak, from, to, days}` (solved days only). */
  app.get('/api/daily/streak', async (request, reply) => {
    const body: JsonText<DailyStreakResponse> = await daily.streak(member(request));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  /**
   * POST /api/daily/comment `{date, sectionKey, text}` → 201 `{comment}`; 401 'Please login to post
   * comments.' without a session; 403 before the caller submitted the set on `date` ('Submit this
   * set to read and join its discussion', or a locked section's text); 429 when posting too quickly.
   */
  app.post('/api/daily/comment', async (request, reply) => {
    const user = member(request, DAILY_ERRORS.loginToComment);
    const { date, sectionKey, text } = parseInput(dailyCommentBodySchema, request.body);
    const body: DailyCommentResponse = await comments.post(user, daily.checkDate(date), sectionKey, text);
    return reply.status(201).send(body);
  });

  /**
   * GET /api/daily/comments?date&sectionKey&limit (1–200, default 50) → `{comments}`, newest first;
   * 403 'Submit this set to read and join its discussion' before the caller submitted it (DailyComments.list).
   */
  app.get('/api/daily/comments', async (request): Promise<DailyCommentsResponse> => {
    const user = member(request);
    const { date, sectionKey, limit } = parseQuery(dailyCommentsQuerySchema, request.query);
    return comments.list(user, daily.checkDate(date), sectionKey, limit);
  });

  /**
   * POST /api/daily/comments/{id}/vote `{voteType: 'up'|'down'}` → `{comment}` (updated); 401
   * 'Please login to vote' without a session; 404 unknown comment; 403 before the caller submitted
   * the comment's set on its date.
   */
  app.post('/api/daily/comments/:id/vote', async (request): Promise<DailyCommentResponse> => {
    const user = member(request, DAILY_ERRORS.loginToVote);
    const { id } = parseInput(commentIdParamsSchema, request.params);
    const { voteType } = parseInput(dailyVoteBodySchema, request.body);
    return comments.vote(user, id, voteType);
  });
};
