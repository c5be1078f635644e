/**
 * Single-player HTTP calls (spec §7 "Single-player"): POST /singleplayer/start {mode},
 * POST /singleplayer/answer {sessionId, answer}, GET /singleplayer/timer?sessionId. The server's
 * replies are parsed with their schemas (@mathsprint/shared/protocol http-replies.ts), not trusted.
 * Failures throw ApiError (lib/api) carrying the server's `error` text.
 */
import {
  soloAnswerResponseSchema,
  soloStartResponseSchema,
  soloTimerResponseSchema,
  type SoloAnswerResponse,
  type SoloStartResponse,
  type SoloTimerResponse,
} from '@mathsprint/shared/protocol';
import { api } from '../../../lib/api';

/** Starts a session. mode in minutes (1, 2, 3 or 5); timerDuration comes back in seconds. */
export async function startSolo(mode: number): Promise<SoloStartResponse> {
  return api.post('/singleplayer/start', soloStartResponseSchema, { mode }, 'Could not start the challenge');
}

/** Submits an answer (a number). Errors: the server text, else 'Submit failed' (spec §8). */
export async function answerSolo(sessionId: string, answer: number): Promise<SoloAnswerResponse> {
  return api.post('/singleplayer/answer', soloAnswerResponseSchema, { sessionId, answer }, 'Submit failed');
}

/** The server's clock for a session: timeLeft in seconds, over, score (points), current index. */
export async function soloTimer(sessionId: string): Promise<SoloTimerResponse> {
  return api.get('/singleplayer/timer', soloTimerResponseSchema, { sessionId }, 'Timer unavailable');
}
