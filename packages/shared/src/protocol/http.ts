/**
 * HTTP wire contract (spec §7 "The calls it makes"). Paths and field names are the spec's and must
 * not change: a client written against §7 works against the server unchanged. Every error response
 * is `{ error: string }` with a fitting status (400, 401, 403, 404, 409, 429, 503).
 */
import { z } from 'zod';
import { DUEL } from '../constants.js';
import { isInvisibleText, numberInput, numericAnswerSchema } from './common.js';
import { refuseHiddenCharacters } from './display-text.js';
import type { DuelPlayer } from './duel-player.js';
import type { ErrorCode } from './error-code.js';

/** `{ error }` body of every failed HTTP call. */
export interface ErrorBody {
  error: string;
}

/** The user as the client stores it under the `user` key (spec §3 "User"). */
export interface PublicUser {
  _id: string;
  name: string;
  /** null for guest accounts. */
  email: string | null;
  rating: number;
  rd: number;
  isGuest: boolean;
  /**
   * Whether the account signs in with a password, so that it can change it (POST /api/password):
   * false for guests and for accounts made by Google sign-in. Ours, beside the spec's §3 fields; the
   * server always sends it, but a user a browser stored before the flag existed lacks it until the
   * next GET /api/me (apps/web root-layout.tsx reads only `false`).
   */
  hasPassword?: boolean;
}

/** Response of POST /signup, POST /login and POST /auth/guest. */
export interface AuthResponse {
  token: string;
  user: PublicUser;
}

/** Response of GET /api/me. */
export interface MeResponse {
  user: PublicUser;
}

const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'Please enter a valid email address' }));

/** The message for a password of spaces only: it is not missing, so "Password is required" would be wrong. */
export const PASSWORD_ONLY_SPACES_MESSAGE = "Password can't be only spaces";

/**
 * POST /signup body. Password: at least 8 characters (issue #2; the signup hint says so), not all
 * whitespace (checked first, so nine spaces and three spaces both get the accurate message).
 */
export const signupBodySchema = z.object({
  name: z
    .string({ message: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(50, 'Name must be at most 50 characters')
    // Shown on every leaderboard and in rooms: zero-width spaces alone are no name, and a line
    // break, a bidi override or a zero-width space inside one would break or disguise its rows.
    .refine((name) => name === '' || !isInvisibleText(name), 'Full name is required')
    .check(refuseHiddenCharacters('Name')),
  // RFC 5321 §4.5.3.1.3: a path is at most 256 octets with its angle brackets, so an address is at most 254.
  email: z
    .string({ message: 'Email is required' })
    // Blank is missing, as the login form says, before it is malformed.
    .refine((text) => text.trim() !== '', 'Email is required')
    .pipe(email)
    .pipe(z.string().max(254, 'Email must be at most 254 characters')),
  password: z
    .string({ message: 'Password is required' })
    .refine((value) => value === '' || value.trim() !== '', PASSWORD_ONLY_SPACES_MESSAGE)
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/** POST /login body. */
export const loginBodySchema = z.object({
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required'),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Global leaderboard entry (spec §3 "Global leaderboard entry"); rd added for display. */
export interface LeaderboardEntry {
  _id: string;
  name: string;
  rating: number;
  rd: number;
}

/** Response of GET /api/leaderboard. */
export interface LeaderboardResponse {
  top: LeaderboardEntry[];
}

/**
 * Response of GET /api/rooms/current (added to spec §7): the Math Challenge room the signed-in user
 * sits in while it waits for its start or its game runs, so that the dashboard can offer the way
 * back to a player who left the room's screen; null when there is none (or its game is over).
 * timeLeft in seconds (the whole duration while waiting); mode in minutes.
 */
export interface CurrentRoomResponse {
  room: {
    roomCode: string;
    status: 'waiting' | 'playing';
    mode: number;
    isHost: boolean;
    players: DuelPlayer[];
    timeLeft: number;
  } | null;
}

export const modeSchema = numberInput(
  'mode must be a number of minutes',
  z.number().refine((m): m is 1 | 2 | 3 | 5 => (DUEL.modes as readonly number[]).includes(m), {
    message: `mode must be one of ${DUEL.modes.join(', ')} minutes`,
  }),
);

/** POST /singleplayer/start body: mode in minutes (default 1). */
export const soloStartBodySchema = z.object({ mode: modeSchema.default(1) });

/** Response of POST /singleplayer/start. timerDuration in seconds. Questions are texts only. */
export interface SoloStartResponse {
  sessionId: string;
  questions: string[];
  timerDuration: number;
}

/** POST /singleplayer/answer body. */
export const soloAnswerBodySchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }).min(1, 'sessionId is required').max(100),
  answer: numericAnswerSchema,
});

/** Response of POST /singleplayer/answer. score in points; current is the index of the current question. */
export interface SoloAnswerResponse extends SoloRunEnd {
  correct: boolean;
  score: number;
  current: number;
  over: boolean;
  /** Set with the 409 of an answer after the run ended: 'Time is up' or 'The challenge is over'. */
  error?: string;
  /** RUN_OVER with `error`: every error body carries its code (error-code.ts). */
  code?: ErrorCode;
}

/**
 * Ours (issue #47 "Bots"), beyond spec §7, on answer and timer responses once `over` is true:
 * `paceFlag` "answered faster than a person can" when the server judged the run a script's (it
 * then sets no record), and `personalBest`, the player's best score (points) in runs of this
 * length that were not flagged, this one included; null when there is none yet.
 */
export interface SoloRunEnd {
  paceFlag?: string;
  personalBest?: number | null;
}

/** GET /singleplayer/timer query. */
export const soloTimerQuerySchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }).min(1, 'sessionId is required').max(100),
});

/** Response of GET /singleplayer/timer. timeLeft in whole seconds. */
export interface SoloTimerResponse extends SoloRunEnd {
  timeLeft: number;
  over: boolean;
  score: number;
  current: number;
}
