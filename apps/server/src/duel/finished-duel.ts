/**
 * What the Math Challenge hands over when a game ends (issue #48 §3: the duel owns it; the rating
 * module reads it through duel.service.ts). The rating module stores it exactly once (games.id is
 * the key) and, when both players are signed-in non-guests, applies one Glicko-2 rating period to
 * both (higher score wins, equal scores draw; issue #2 "Rating").
 */
import { z } from 'zod';

/** One player of a finished game. */
export const finishedDuelPlayerSchema = z.object({
  /** Seat 0 is the host. */
  seat: z.number().int().nonnegative(),
  userId: z.string().min(1).nullable(),
  name: z.string().max(200),
  isGuest: z.boolean(),
  /** Points scored. */
  score: z.number().int().nonnegative(),
  /** Questions solved. */
  solved: z.number().int().nonnegative(),
  /** The pace rule's reason when the player answered faster than a person can (issue #47), else
   * null or absent: a flagged game changes neither player's rating. */
  paceFlag: z.string().max(500).nullable().optional(),
});
export type FinishedDuelPlayer = z.infer<typeof finishedDuelPlayerSchema>;

/**
 * A finished game, and its runtime shape check. The duel module is trusted code, but a malformed
 * record would fail its database insert on every retry, so the rating service refuses it up front
 * and logs it as a bug. Scores and solved counts are whole non-negative numbers (the columns are
 * integers); seats are distinct.
 */
export const finishedDuelSchema = z.object({
  /** Unique per game (a rematch is a new game). */
  gameId: z.string().min(1).max(200),
  roomCode: z.string().min(1).max(32),
  /** Minutes. */
  mode: z.number().int().positive(),
  /** Epoch ms. */
  startedAt: z.number(),
  /** Epoch ms. */
  endedAt: z.number(),
  players: z
    .array(finishedDuelPlayerSchema)
    .min(1)
    .refine((players) => new Set(players.map((p) => p.seat)).size === players.length, 'seats must be distinct'),
});
export type FinishedDuel = z.infer<typeof finishedDuelSchema>;
