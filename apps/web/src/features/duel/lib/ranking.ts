/**
 * Ranking and the winner banner of the results screen (spec §2 "Game results /results": players
 * ranked by score descending; banner 'You Won!' if the winner is the current user, else
 * 'Winner: {name}', or "It's a Tie!" when first and second place have equal scores).
 */
import type { DuelPlayer } from '@mathsprint/shared/protocol';
import { isCurrentPlayer, type Me } from './players';

/** A player as the results screen needs it: `current` is the number of questions solved. */
export type ResultPlayer = Pick<DuelPlayer, 'name' | 'userId' | 'score' | 'current'>;

/** A ranked row: 1-based rank, in display order. */
export interface RankedPlayer<P extends ResultPlayer = ResultPlayer> {
  rank: number;
  player: P;
}

/**
 * Players ranked by score, highest first (points). The sort is stable, so equal scores keep the
 * order the server sent. Equal scores share a rank ("1, 1, 3"), which is what a tie means to a
 * reader; the rank numbers are only display.
 */
export function rankPlayers<P extends ResultPlayer>(players: readonly P[]): RankedPlayer<P>[] {
  const sorted = [...players].sort((a, b) => b.score - a.score);
  const ranked: RankedPlayer<P>[] = [];
  sorted.forEach((player, i) => {
    const previous = ranked[i - 1];
    const rank = previous && previous.player.score === player.score ? previous.rank : i + 1;
    ranked.push({ rank, player });
  });
  return ranked;
}

/** The result of a finished game, from the ranked list; 'solo' is a run with one player. */
export type Outcome =
  | { kind: 'none' }
  | { kind: 'solo' }
  | { kind: 'tie' }
  | { kind: 'won'; winner: ResultPlayer }
  | { kind: 'lost'; winner: ResultPlayer };

/**
 * The outcome of a ranked list: a tie when first and second place have equal scores (spec §2),
 * otherwise first place wins; 'won' when that winner is the current user (by id or name). A list
 * of one player is the single-player run (spec §2 sends it to /results as one player 'You'),
 * which nobody won or lost: 'solo'.
 */
export function gameOutcome(ranked: readonly RankedPlayer[], me: Me | null | undefined): Outcome {
  const first = ranked[0];
  if (!first) return { kind: 'none' };
  if (ranked.length === 1) return { kind: 'solo' };
  const second = ranked[1];
  if (second && second.player.score === first.player.score) return { kind: 'tie' };
  return isCurrentPlayer(first.player, me) ? { kind: 'won', winner: first.player } : { kind: 'lost', winner: first.player };
}

/**
 * The banner text of an outcome, exactly as spec §2 words it. Empty with no players. A solo run
 * gets the single-player screen's own end text, 'Challenge Complete!', rather than 'You Won!'
 * against nobody (docs/spec-departures.md).
 */
export function bannerText(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'solo':
      return 'Challenge Complete!';
    case 'tie':
      return "It's a Tie!";
    case 'won':
      return 'You Won!';
    case 'lost':
      return `Winner: ${outcome.winner.name}`;
    case 'none':
      return '';
  }
}

/**
 * Width of a player's relative score bar, in percent of the top score (0–100). With a top score of
 * 0 every bar is empty.
 */
export function relativeScorePercent(score: number, topScore: number): number {
  if (!Number.isFinite(score) || !Number.isFinite(topScore) || topScore <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((score / topScore) * 100)));
}
