/**
 * Reply bodies of the account, global leaderboard, Math Challenge and single-player calls (spec §7
 * "Account", "Global leaderboard", "Single-player"; issue #2's guest and provider calls), one zod
 * schema each with its type from `z.infer`. The server's route handlers return these types and an
 * integration test parses every reply with them (apps/server/test/reply-schemas.test.ts); the web
 * client parses what it receives with them (apps/web/src/lib/api.ts). Objects are zod's default
 * objects: a field the server adds later is dropped by a client, never refused.
 */
import { z } from 'zod';
import { duelPlayerSchema } from './duel-player.js';
import { errorCodeSchema } from './error-code.js';
import { soloRunEndShape } from './fair-play.js';

/** The user as the client stores it under the `user` key (spec §3 "User"). rating and rd in Glicko-2 points. */
export const publicUserSchema = z.object({
  _id: z.string().min(1),
  name: z.string(),
  /** null for guest accounts. */
  email: z.string().nullable(),
  rating: z.number(),
  rd: z.number(),
  isGuest: z.boolean(),
  /**
   * Whether the account signs in with a password, so that it can change it (POST /api/password):
   * false for guests and for accounts made by Google sign-in. Ours, beside the spec's §3 fields; the
   * server always sends it, but a user a browser stored before the flag existed lacks it until the
   * next GET /api/me (apps/web root-layout.tsx reads only `false`).
   */
  hasPassword: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Reply of POST /signup (201), POST /login, POST /auth/guest (201) and POST /api/password: a Bearer token and its user. */
export const authResponseSchema = z.object({
  token: z.string().min(1),
  user: publicUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Reply of GET /api/me: the caller's account as it is now. */
export const meResponseSchema = z.object({ user: publicUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * Reply of GET /api/auth/providers: which federated sign-ins this server has configured, so the
 * login screen can say "Google sign-in is not configured" instead of sending the browser to a 503.
 */
export const authProvidersResponseSchema = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** Global leaderboard entry (spec §3 "Global leaderboard entry"); rd added for display. Rating points. */
export const leaderboardEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number(),
  rd: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** Reply of GET /api/leaderboard: the top players, best first. */
export const leaderboardResponseSchema = z.object({ top: z.array(leaderboardEntrySchema) });
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/**
 * The room of GET /api/rooms/current: timeLeft in seconds (the whole duration while waiting);
 * mode in minutes; isHost is true when the caller made the room.
 */
export const currentRoomSchema = z.object({
  roomCode: z.string().min(1),
  status: z.enum(['waiting', 'playing']),
  mode: z.number(),
  isHost: z.boolean(),
  players: z.array(duelPlayerSchema),
  timeLeft: z.number(),
});

/**
 * Reply of GET /api/rooms/current (added to spec §7): the Math Challenge room the signed-in user
 * sits in while it waits for its start or its game runs, so that the dashboard can offer the way
 * back to a player who left the room's screen; null when there is none (or its game is over).
 */
export const currentRoomResponseSchema = z.object({ room: currentRoomSchema.nullable() });
export type CurrentRoomResponse = z.infer<typeof currentRoomResponseSchema>;

/** Reply of POST /singleplayer/start. timerDuration in seconds. Questions are texts only, never answers. */
export const soloStartResponseSchema = z.object({
  sessionId: z.string().min(1),
  questions: z.array(z.string()),
  timerDuration: z.number(),
});
export type SoloStartResponse = z.infer<typeof soloStartResponseSchema>;

/**
 * Ours (issue #47 "Bots"), beyond spec §7, on answer and timer replies once `over` is true:
 * `paceFlag` "answered faster than a person can" when the server judged the run a script's (it
 * then sets no record), and `personalBest`, the player's best score (points) in runs of this
 * length that were not flagged, this one included; null when there is none yet.
 */
export const soloRunEndSchema = z.object(soloRunEndShape);
export type SoloRunEnd = z.infer<typeof soloRunEndSchema>;

/**
 * Reply of POST /singleplayer/answer. score in points; current is the index of the current question.
 * `error` and its `code` (error-code.ts) are set only on the 409 reply to an answer after the run
 * ended ('Time is up', 'The challenge is over'), which carries this state too.
 */
export const soloAnswerResponseSchema = z.object({
  correct: z.boolean(),
  score: z.number(),
  current: z.number().int(),
  over: z.boolean(),
  error: z.string().optional(),
  code: errorCodeSchema.optional(),
  ...soloRunEndShape,
});
export type SoloAnswerResponse = z.infer<typeof soloAnswerResponseSchema>;

/** Reply of GET /singleplayer/timer. timeLeft in whole seconds; score in points; current the question index. */
export const soloTimerResponseSchema = z.object({
  timeLeft: z.number(),
  over: z.boolean(),
  score: z.number(),
  current: z.number().int(),
  ...soloRunEndShape,
});
export type SoloTimerResponse = z.infer<typeof soloTimerResponseSchema>;

/** Reply of GET /healthz and of GET /readyz while ready (issue #5). */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** 503 reply of GET /readyz: the readiness checks that failed ('database', 'redis', 'shutdown'). */
export const notReadyResponseSchema = z.object({ status: z.literal('unavailable'), failing: z.array(z.string()) });
export type NotReadyResponse = z.infer<typeof notReadyResponseSchema>;

/**
 * Reply of POST /admin/commands/:name (issue #46): the subcommand's answer, whose shape is the
 * subcommand's own schema (apps/server admin-commands.ts `output`, which `npm run admin` parses it with).
 */
export const adminCommandResponseSchema = z.object({ output: z.unknown() });
export type AdminCommandResponse = z.infer<typeof adminCommandResponseSchema>;
