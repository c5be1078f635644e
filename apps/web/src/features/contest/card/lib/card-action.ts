/**
 * What the contest card offers in each state (spec §4 "Contest card actions", §5, §6) and which
 * contest its top-5 leaderboard and stats describe. Pure.
 */
import { CONTEST_ERRORS, type ContestStatus, type ContestView } from '@mathsprint/shared/protocol';
import { contestStatusAt } from './contest-clock';

/**
 * The card's action (spec §4 table):
 * - 'register': upcoming, not registered → Register button;
 * - 'registered': upcoming, registered → a 'Registered' badge;
 * - 'join': live, registered → Join button to /contest/{contestId};
 * - 'not-registered': live, not registered → warning that the user is not registered;
 * - 'view-results': completed → View Results button to /contest/{contestId}/results.
 */
export type CardAction = 'register' | 'registered' | 'join' | 'not-registered' | 'view-results';

export function cardAction(status: ContestStatus, registered: boolean): CardAction {
  if (status === 'completed') return 'view-results';
  if (status === 'live') return registered ? 'join' : 'not-registered';
  return registered ? 'registered' : 'register';
}

/**
 * Whether the user is registered (spec §4: derived from whether the user's id is among
 * registeredUsers). The server's own `registered` flag (for the Bearer token) counts too.
 */
export function isRegistered(contest: Pick<ContestView, 'registered' | 'registeredUsers'>, userId: string | null | undefined): boolean {
  if (contest.registered) return true;
  return !!userId && contest.registeredUsers.includes(userId);
}

/** Who is asking: a stored token, and whether the account is a guest account. */
export interface Participant {
  hasToken: boolean;
  isGuest: boolean;
}

/** Spec §5 messages. */
export const CONTEST_MESSAGES = {
  loginToRegister: 'Please login to register for the contest',
  loginToJoin: 'Please login to join the contest',
  registerFirst: CONTEST_ERRORS.registerFirst,
  registrationFailed: 'Registration failed',
  loadFailed: 'Failed to load contest data',
} as const;

/**
 * Why Register may not be sent (spec §5 'Please login to register for the contest'); null when it
 * may. Guests cannot register (spec §6), so a guest account counts as not logged in.
 */
export function registerBlockedReason(who: Participant): string | null {
  return !who.hasToken || who.isGuest ? CONTEST_MESSAGES.loginToRegister : null;
}

/**
 * Why Join may not proceed (spec §5): not logged in (guests included, spec §6) → 'Please login to
 * join the contest'; not registered → 'Please register for the contest first'; null when it may.
 */
export function joinBlockedReason(who: Participant, registered: boolean): string | null {
  if (!who.hasToken || who.isGuest) return CONTEST_MESSAGES.loginToJoin;
  if (!registered) return CONTEST_MESSAGES.registerFirst;
  return null;
}

/** The contest whose top 5 and stats the card shows, and how to label it. */
export interface StatsSource {
  contestId: string;
  title: string;
  /** 'this' = the card's own contest (live or completed); 'last' = the most recently finished one. */
  kind: 'this' | 'last';
  /** True when that contest has closed by `nowMs` (its leaderboard can be final). */
  closed: boolean;
}

/**
 * Which contest the top-5 leaderboard and stats describe (spec §2 "Weekly contest card"): the card's
 * contest once it is live or completed; while it is upcoming, the most recently finished contest
 * (GET /contest/current) when there is one that has closed; else null (empty state).
 *
 * @param nowMs - corrected time, epoch ms.
 */
export function statsSource(card: ContestView, current: ContestView | null | undefined, nowMs: number): StatsSource | null {
  const status = contestStatusAt(card, nowMs);
  if (status !== 'upcoming') {
    return { contestId: card._id, title: card.title, kind: 'this', closed: status === 'completed' };
  }
  if (!current || current._id === card._id) return null;
  if (contestStatusAt(current, nowMs) !== 'completed') return null;
  return { contestId: current._id, title: current.title, kind: 'last', closed: true };
}
