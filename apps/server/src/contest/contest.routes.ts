/**
 * Weekly contest HTTP API (spec §7 "Weekly contest", issue #3), plus POST /admin/contests. Every
 * error is `{ error, code }` JSON (http/errors.ts): 400 bad input, 401 no or bad token, 403 not allowed, 404 unknown,
 * 409 conflict with the contest's state. Shapes are protocol/contest.ts; see ContestService for
 * every rule and message.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  CONTEST_ERRORS,
  contestHistoryQuerySchema,
  contestIdBodySchema,
  contestIdQuerySchema,
  contestLeaderboardQuerySchema,
  contestSubmitAnswerBodySchema,
  type ContestDetailsResponse,
  type ContestHistoryResponse,
  type ContestLeaderboardResponse,
  type ContestStatsResponse,
  type ContestSubmitAnswerResponse,
  type ContestSubmitResponse,
} from '@mathsprint/shared/protocol';
import { parseInput, parseQuery } from '../http/errors.js';
import { optionalUser, requireUser } from '../http/session.js';
import type { ContestService, JsonBody } from './contest.service.js';

export interface ContestRoutesOptions {
  contests: ContestService;
}

/** Sends a body the service serialised itself (cached JSON spliced in). */
function sendJson<T>(reply: FastifyReply, body: JsonBody<T>, status = 200): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export const contestRoutes: FastifyPluginAsync<ContestRoutesOptions> = async (app, { contests }) => {
  /** GET /contest/next → `{contest: ContestView}`: the contest of the home card: one just closed
   * (for up to 24 h, contest-card.ts), else the live contest, else the next one (always present). */
  app.get('/contest/next', async (request, reply) => sendJson(reply, await contests.next(optionalUser(request))));

  /** GET /contest/current → `{contest: ContestView | null}`: live, else the last closed, else null. */
  app.get('/contest/current', async (request, reply) => sendJson(reply, await contests.current(optionalUser(request))));

  /** GET /contest/leaderboard?contestId&limit (1–100, default 50) → `{leaderboard, finalized}`; [] until finalized. */
  app.get('/contest/leaderboard', async (request): Promise<ContestLeaderboardResponse> => {
    const { contestId, limit } = parseQuery(contestLeaderboardQuerySchema, request.query);
    return contests.leaderboard(contestId, limit);
  });

  /** GET /contest/stats?contestId → `{stats}`: counts, and averages once closed. */
  app.get('/contest/stats', async (request): Promise<ContestStatsResponse> => {
    const { contestId } = parseQuery(contestIdQuerySchema, request.query);
    return contests.stats(contestId);
  });

  /** POST /contest/register `{contestId}` → `{registered: true, contest}`. Signed-in non-guests, while upcoming. */
  app.post('/contest/register', async (request, reply) => {
    const user = requireUser(request, CONTEST_ERRORS.loginToRegister);
    const { contestId } = parseInput(contestIdBodySchema, request.body);
    return sendJson(reply, await contests.register(user, contestId));
  });

  /** POST /contest/start `{contestId}` → `{attempt, questions}` (no answers). While live, registered only. */
  app.post('/contest/start', async (request, reply) => {
    const user = requireUser(request, CONTEST_ERRORS.loginToJoin);
    const { contestId } = parseInput(contestIdBodySchema, request.body);
    return sendJson(reply, await contests.start(user, contestId));
  });

  /** POST /contest/submit-answer `{contestId, questionIndex, answer, timeSpent (s)}` → `{saved, questionIndex, receivedAt}` after COMMIT. */
  app.post('/contest/submit-answer', async (request): Promise<ContestSubmitAnswerResponse> => {
    const user = requireUser(request);
    const body = parseInput(contestSubmitAnswerBodySchema, request.body);
    return contests.submitAnswer(user, body);
  });

  /** POST /contest/submit `{contestId}` → `{attempt}` with score, counts and time; answers hidden until close. */
  app.post('/contest/submit', async (request): Promise<ContestSubmitResponse> => {
    const user = requireUser(request);
    const { contestId } = parseInput(contestIdBodySchema, request.body);
    return contests.submit(user, contestId);
  });

  /** GET /contest/history?limit → `{progress, attempts}` of the caller. */
  app.get('/contest/history', async (request): Promise<ContestHistoryResponse> => {
    const user = requireUser(request);
    const { limit } = parseQuery(contestHistoryQuerySchema, request.query);
    return contests.history(user, limit);
  });

  /** GET /contest/past/{contestId} → `{contestDetails}` of the caller's attempt, after close. */
  app.get('/contest/past/:contestId', async (request): Promise<ContestDetailsResponse> => {
    const user = requireUser(request);
    const { contestId } = parseInput(contestIdQuerySchema, request.params);
    return contests.past(user, contestId);
  });

  /** POST /admin/contests `{title?, openTime, durationMinutes, questionCount}` → 201 `{contest}`. Operators only (`npm run admin -- grant EMAIL`). */
  app.post('/admin/contests', async (request, reply) => {
    const user = requireUser(request);
    return sendJson(reply, await contests.create(user, request.body), 201);
  });
};
