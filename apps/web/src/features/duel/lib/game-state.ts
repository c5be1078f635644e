/**
 * Screen-to-screen state of the Math Challenge: the navigation state each screen receives (spec §2
 * "Navigation state carried between screens") and the saved game state in browser storage (spec §3
 * "Saved game state": roomCode, players, questions, mode), which /waiting and /game fall back to
 * after a refresh.
 *
 * Both come back from places the app does not fully control (history entries written by an older
 * build, storage edited by hand), so they are parsed, never cast.
 */
import { duelPlayerSchema } from '@mathsprint/shared/protocol';
import { z } from 'zod';
import { readJson, writeJson } from '../../../lib/storage';

/** Storage key of the saved game state. */
export const GAME_STATE_KEY = 'gameState';

/**
 * The players of a stored state: the protocol's player (one field list, duel-player.ts), with a
 * malformed score or index read as 0 and a malformed pace flag dropped, so that one bad field does
 * not cost a screen its players; anything else malformed empties the list.
 */
const playersSchema = z
  .array(
    duelPlayerSchema.extend({
      score: duelPlayerSchema.shape.score.catch(0),
      current: duelPlayerSchema.shape.current.catch(0),
      paceFlag: duelPlayerSchema.shape.paceFlag.catch(undefined),
    }),
  )
  .catch([]);

/** Navigation state into /waiting: roomCode, players, the user's name, isHost (spec §2); mode added. */
export const waitingNavSchema = z.object({
  roomCode: z.string().min(1),
  players: playersSchema.default([]),
  name: z.string().optional(),
  isHost: z.boolean().catch(false).default(false),
  mode: z.number().optional(),
});
export type WaitingNavState = z.infer<typeof waitingNavSchema>;

/** Navigation state into /game: roomCode, players, questions, mode (spec §2); isHost carried on to /results. */
export const gameNavSchema = z.object({
  roomCode: z.string().min(1),
  players: playersSchema.default([]),
  questions: z.array(z.string()),
  mode: z.number().catch(1).default(1),
  isHost: z.boolean().optional(),
});
export type GameNavState = z.infer<typeof gameNavSchema>;

/** Navigation state into /results: players, score (and roomCode, isHost from the game) (spec §2). */
export const resultsNavSchema = z.object({
  players: playersSchema.default([]),
  score: z.number().catch(0).default(0),
  roomCode: z.string().optional(),
  isHost: z.boolean().optional(),
  /** False when this player solved every question while the opponent still plays (added here). */
  finished: z.boolean().optional(),
  /** Minutes of the single-player run shown, for its Play again (added here); absent for a Math Challenge. */
  mode: z.number().optional().catch(undefined),
});
export type ResultsNavState = z.infer<typeof resultsNavSchema>;

/** The saved game state (spec §3). `questions` is empty while the room is still waiting. */
export const savedGameSchema = z.object({
  roomCode: z.string().min(1),
  players: playersSchema.default([]),
  questions: z.array(z.string()).catch([]).default([]),
  mode: z.number().catch(1).default(1),
});
export type SavedGame = z.infer<typeof savedGameSchema>;

/** Parses a navigation state; null when it is missing or not of this screen's shape. */
export function parseNavState<S extends z.ZodType>(schema: S, state: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

export function loadGameState(): SavedGame | null {
  const parsed = savedGameSchema.safeParse(readJson<unknown>(GAME_STATE_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveGameState(state: SavedGame): void {
  writeJson(GAME_STATE_KEY, state);
}

export function clearGameState(): void {
  writeJson(GAME_STATE_KEY, null);
}
