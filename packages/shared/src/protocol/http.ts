/**
 * HTTP wire contract (spec §7 "The calls it makes"). Paths and field names are the spec's and must
 * not change: a client written against §7 works against the server unchanged. Every error response
 * is `{ error, code }` (errorReplySchema, error-code.ts) with the status the server's table gives
 * the code; the reply schemas are in http-replies.ts.
 */
import { z } from 'zod';
import { DUEL } from '../constants.js';
import { isInvisibleText, numberInput, numericAnswerSchema } from './common.js';
import { refuseHiddenCharacters } from './display-text.js';
// socket.ts reads the leaderboard entry from here; the reply schemas live in http-replies.ts.
export type { LeaderboardEntry } from './http-replies.js';

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

export const modeSchema = numberInput(
  'mode must be a number of minutes',
  z.number().refine((m): m is 1 | 2 | 3 | 5 => (DUEL.modes as readonly number[]).includes(m), {
    message: `mode must be one of ${DUEL.modes.join(', ')} minutes`,
  }),
);

/** POST /singleplayer/start body: mode in minutes (default 1). */
export const soloStartBodySchema = z.object({ mode: modeSchema.default(1) });

/** POST /singleplayer/answer body. */
export const soloAnswerBodySchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }).min(1, 'sessionId is required').max(100),
  answer: numericAnswerSchema,
});

/** GET /singleplayer/timer query. */
export const soloTimerQuerySchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }).min(1, 'sessionId is required').max(100),
});
