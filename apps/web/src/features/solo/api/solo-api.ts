/**
 * Single-player HTTP calls (spec §7 "Single-player"): POST /singleplayer/start {mode},
 * POST /singleplayer/answer {sessionId, answer}, GET /singleplayer/timer?sessionId. The server's
 * replies are parsed, not trusted: a reply of the wrong shape fails like a network error.
 * Failures throw ApiError (lib/api) carrying the server's `error` text.
 */
import { soloRunEndShape, type SoloAnswerResponse, type SoloStartResponse, type SoloTimerResponse } from '@mathsprint/shared/protocol';
import { z } from 'zod';
import { api, ApiError } from '../../../lib/api';

const startSchema = z.object({
  sessionId: z.string().min(1),
  questions: z.array(z.string()),
  timerDuration: z.number(),
}) satisfies z.ZodType<SoloStartResponse>;

const answerSchema = z.object({
  correct: z.boolean().catch(false),
  score: z.number(),
  current: z.number(),
  over: z.boolean().catch(false),
  error: z.string().optional(),
  ...soloRunEndShape,
}) satisfies z.ZodType<SoloAnswerResponse>;

const timerSchema = z.object({
  timeLeft: z.number(),
  over: z.boolean(),
  score: z.number().catch(0),
  current: z.number().catch(0),
  ...soloRunEndShape,
}) satisfies z.ZodType<SoloTimerResponse>;

function parse<T>(schema: z.ZodType<T>, data: unknown, fallback: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(fallback, 0);
  return parsed.data;
}

/** Starts a session. mode in minutes (1, 2, 3 or 5); timerDuration comes back in seconds. */
export async function startSolo(mode: number): Promise<SoloStartResponse> {
  const fallback = 'Could not start the challenge';
  return parse(startSchema, await api.post<unknown>('/singleplayer/start', { mode }, fallback), fallback);
}

/** Submits an answer (a number). Errors: the server text, else 'Submit failed' (spec §8). */
export async function answerSolo(sessionId: string, answer: number): Promise<SoloAnswerResponse> {
  const fallback = 'Submit failed';
  return parse(answerSchema, await api.post<unknown>('/singleplayer/answer', { sessionId, answer }, fallback), fallback);
}

/** The server's clock for a session: timeLeft in seconds, over, score (points), current index. */
export async function soloTimer(sessionId: string): Promise<SoloTimerResponse> {
  const fallback = 'Timer unavailable';
  return parse(timerSchema, await api.get<unknown>('/singleplayer/timer', { sessionId }, fallback), fallback);
}
