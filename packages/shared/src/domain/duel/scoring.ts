/** Scoring, sizing and ranking of the two-player Math Challenge (and the single-player run). */
import { DUEL } from '../../constants.js';
import { randomInt, type Rng } from '../rng.js';
import { assertDuelDifficulty } from '../questions/difficulty.js';

/** Points per difficulty level for a correct answer. */
const POINTS_PER_LEVEL = 10;

/**
 * Points for a correct answer: 10 × difficulty, so 10 at level 1, 100 at level 10 and up to 200
 * for the mixed questions of levels 11..20. The spec only says points rise with difficulty; this
 * rule is stated in docs/rules.md.
 *
 * @param difficulty - integer 1..20.
 * @throws RangeError unless `difficulty` is an integer in 1..20.
 */
export function pointsForDifficulty(difficulty: number): number {
  assertDuelDifficulty(difficulty);
  return POINTS_PER_LEVEL * difficulty;
}

/**
 * Questions to prepare for a game of `modeMinutes` minutes: 150 per minute (`DUEL.questionsPerMinute`),
 * one every 0.4 s, so that even the fast player of issue #47 (30 questions in 12 s) meets the
 * clock's end before the end of the list.
 *
 * @param modeMinutes - game length in minutes, a positive integer (the duel offers 1, 2, 3, 5).
 * @throws RangeError unless `modeMinutes` is a positive integer.
 */
export function duelQuestionCount(modeMinutes: number): number {
  if (!Number.isInteger(modeMinutes) || modeMinutes < 1) {
    throw new RangeError(`modeMinutes must be a positive integer, got ${String(modeMinutes)}`);
  }
  return DUEL.questionsPerMinute * modeMinutes;
}

/**
 * A room code of 6 characters from `ABCDEFGHJKMNPQRSTUVWXYZ23456789` (no 0/O, 1/I/L look-alikes),
 * 31^6 ≈ 887 million codes. Uniqueness among open rooms is the caller's job.
 */
export function roomCode(rng: Rng): string {
  const alphabet = DUEL.roomCodeAlphabet;
  let code = '';
  for (let i = 0; i < DUEL.roomCodeLength; i++) code += alphabet.charAt(randomInt(rng, 0, alphabet.length - 1));
  return code;
}

/**
 * Final standings of a game (spec §2 "Game results").
 *
 * @returns `ranked`: a new array sorted by score, highest first, players with equal scores kept
 *   in input order; `tie`: true when the first two scores are equal; `winnerIndex`: the winner's
 *   index in the INPUT `players` array (so `players[winnerIndex]`, which is always `ranked[0]`),
 *   or null when tied or when there are no players. A single player is the winner.
 */
export function rankPlayers<T extends { score: number }>(
  players: readonly T[],
): { ranked: T[]; winnerIndex: number | null; tie: boolean } {
  const order = players.map((_, index) => index).sort((a, b) => {
    const byScore = (players[b] as T).score - (players[a] as T).score;
    return byScore !== 0 ? byScore : a - b;
  });
  const ranked = order.map((index) => players[index] as T);
  const [first, second] = ranked;
  const tie = first !== undefined && second !== undefined && first.score === second.score;
  const winnerIndex = tie || order.length === 0 ? null : (order[0] ?? null);
  return { ranked, winnerIndex, tie };
}
