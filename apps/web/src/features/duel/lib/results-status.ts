/**
 * The clock beside the results screen's "Your opponent is still playing…" (this player solved every
 * question first): how long the provisional standings last, from the game's timerUpdate. A no-break
 * space keeps "0:38 left" together when the line wraps on a phone.
 */
import { formatMmSs } from '../../../components/ui/time';

/**
 * @param timeLeft - the game's clock in seconds, or null before the first timerUpdate
 * @returns "m:ss left", or null when there is no clock to show
 */
export function stillPlayingClock(timeLeft: number | null): string | null {
  return timeLeft !== null && Number.isFinite(timeLeft) && timeLeft > 0 ? `${formatMmSs(timeLeft)}\u00a0left` : null;
}
