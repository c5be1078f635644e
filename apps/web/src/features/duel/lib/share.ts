/**
 * The WhatsApp share link of the results screen (spec §2 "Game results": "a share link whose text
 * names the winner, lists players numbered with points and solved counts, and ends 'Play now and
 * challenge your friends!'"). Uses WhatsApp's documented click-to-chat form https://wa.me/?text=…
 */
import type { Outcome, RankedPlayer } from './ranking';
import { counted } from '../../../lib/plural';

export const SHARE_CLOSING_LINE = 'Play now and challenge your friends!';

/**
 * The share text: headline naming the winner (or the tie), then one numbered line per player; for a
 * single-player run, the sender's score and solved count.
 */
export function whatsappShareText(ranked: readonly RankedPlayer[], outcome: Outcome): string {
  const lines = ranked.map(
    ({ player }, i) => `${i + 1}. ${player.name}: ${player.score} points, ${counted(player.current, 'question')} solved`,
  );
  if (outcome.kind === 'solo') {
    // One player, called 'You' on screen: the message speaks for the sender instead.
    const only = ranked[0]!.player;
    const line = `I scored ${only.score} points, ${counted(only.current, 'question')} solved`;
    return ['MathSprint Solo Sprint results', line, '', SHARE_CLOSING_LINE].join('\n');
  }
  const headline =
    outcome.kind === 'tie' ? "It's a tie!" : outcome.kind === 'won' || outcome.kind === 'lost' ? `Winner: ${outcome.winner.name}` : 'Game over!';
  return ['MathSprint Math Challenge results', headline, '', ...lines, '', SHARE_CLOSING_LINE].join('\n');
}

/** The wa.me link carrying `text`, URL-encoded. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
