/**
 * Which contest GET /contest/next shows on the home card (spec §2 "Weekly contest card", §4 "Contest
 * status" and the card actions table). Pure: the caller passes the candidates and "now".
 *
 * The spec's card has a Completed state ('Contest ended', View Results), which a card that jumped
 * to the next contest the moment one closes would never show. So a contest that has closed keeps
 * the card for a while, as the results of a race stay up after it: for RESULTS_HOLD_MS after its
 * close, but never more than half the gap to the next contest's opening, which leaves the second
 * half of the gap to register for that one (registration ends at its opening, issue #3).
 */

/** How long a closed contest keeps the card at most, ms (24 h: the weekly contest's results day). */
export const RESULTS_HOLD_MS = 24 * 60 * 60 * 1000;

/** A contest's id and times, epoch ms. */
export interface CardCandidate {
  id: string;
  openMs: number;
  closeMs: number;
}

/**
 * @param upcoming the contest not yet closed that opens first (live or upcoming), if any
 * @param lastClosed the contest that closed last (closeMs < nowMs), if any
 * @param nowMs the server's clock, epoch ms
 * @returns the id the card shows: `lastClosed` while it holds the card, else `upcoming`; null when
 *   there is neither.
 */
export function cardContestId(upcoming: CardCandidate | null, lastClosed: CardCandidate | null, nowMs: number): string | null {
  if (!lastClosed) return upcoming?.id ?? null;
  const gap = upcoming ? upcoming.openMs - lastClosed.closeMs : Number.POSITIVE_INFINITY;
  const holdsUntil = lastClosed.closeMs + Math.min(RESULTS_HOLD_MS, gap / 2);
  return nowMs < holdsUntil ? lastClosed.id : (upcoming?.id ?? null);
}
