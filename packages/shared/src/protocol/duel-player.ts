/**
 * The player of a Math Challenge, in its own module because both halves of the contract carry it:
 * GET /api/rooms/current (http.ts) and the room events (socket.ts), which in turn use http.ts.
 */
import { z } from 'zod';
import { paceFlagSchema } from './fair-play.js';

/**
 * A player as rooms, progress and results show it (spec §3 "Player"). score in points; current is
 * the index of the current question, which is the number solved; connected is true while the
 * player's socket is connected. paceFlag (ours, issue #47 "Bots", beyond spec §7) is present on a
 * finished game's players when the server judged this player's answers faster than a person can
 * ("answered faster than a person can"); the game then changed neither player's rating.
 */
export const duelPlayerSchema = z.object({
  name: z.string(),
  userId: z.string().optional(),
  score: z.number(),
  current: z.number(),
  connected: z.boolean().optional(),
  paceFlag: paceFlagSchema.optional(),
});
export type DuelPlayer = z.infer<typeof duelPlayerSchema>;
