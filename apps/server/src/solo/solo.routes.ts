/**
 * Single-player HTTP API (spec §7 "Single-player"). Every call needs a signed-in user, guests
 * included (401 LOGIN_REQUIRED 'Please log in to continue' otherwise). Errors are `{ error, code }` JSON:
 * - 400 INVALID_INPUT with the validation message (bad mode, blank or non-numeric answer, missing sessionId);
 * - 404 RUN_NOT_FOUND 'Session not found' (unknown, expired, or another user's session);
 * - 409 RUN_OVER on an answer after the run ended, with the state still in the body:
 *   `{ error: 'Time is up' | 'The challenge is over', code: 'RUN_OVER', over: true, correct: false, score, current }`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { soloAnswerBodySchema, soloStartBodySchema, soloTimerQuerySchema } from '@mathsprint/shared/protocol';
import type { SoloAnswerResponse, SoloStartResponse, SoloTimerResponse } from '@mathsprint/shared/protocol';
import { HTTP_STATUS, parseInput, parseQuery } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import type { SoloService } from './solo.service.js';

export interface SoloRoutesOptions {
  solo: SoloService;
}

export const soloRoutes: FastifyPluginAsync<SoloRoutesOptions> = async (app, { solo }) => {
  /** POST /singleplayer/start `{ mode? }` (minutes: 1, 2, 3 or 5; default 1) → `{ sessionId, questions, timerDuration }` (s). */
  app.post('/singleplayer/start', async (request): Promise<SoloStartResponse> => {
    const user = requireUser(request);
    const { mode } = parseInput(soloStartBodySchema, request.body);
    return solo.start(user, mode);
  });

  /** POST /singleplayer/answer `{ sessionId, answer }` → `{ correct, score, current, over }`. */
  app.post('/singleplayer/answer', async (request, reply): Promise<SoloAnswerResponse> => {
    const user = requireUser(request);
    const { sessionId, answer } = parseInput(soloAnswerBodySchema, request.body);
    const result = await solo.answer(user, sessionId, answer);
    if (result.code) reply.status(HTTP_STATUS[result.code]);
    return result;
  });

  /** GET /singleplayer/timer?sessionId= → `{ timeLeft (s), over, score, current }`. */
  app.get('/singleplayer/timer', async (request): Promise<SoloTimerResponse> => {
    const user = requireUser(request);
    const { sessionId } = parseQuery(soloTimerQuerySchema, request.query);
    return solo.timer(user, sessionId);
  });
};
