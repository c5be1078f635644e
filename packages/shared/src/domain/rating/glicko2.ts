/**
 * Glicko-2 rating periods as pure functions, following Mark E. Glickman, "Example of the Glicko-2
 * system" (Boston University, 30 November 2013, http://www.glicko.net/glicko/glicko2.pdf).
 * Comments name the paper's step numbers. Nothing is mutated: every function returns new ratings.
 */
import { RATING } from '../../constants.js';

/** A player's rating on the public (Glicko) scale: rating and RD in rating points, volatility σ unitless. */
export interface Glicko2Rating {
  rating: number;
  rd: number;
  volatility: number;
}

/** One game in a rating period, from the rated player's side: 1 win, 0.5 draw, 0 loss. */
export interface Glicko2Game {
  opponent: Glicko2Rating;
  score: 0 | 0.5 | 1;
}

/** System constant τ, which limits how fast volatility moves; Glickman suggests 0.3–1.2. */
export interface Glicko2Options {
  tau: number;
}

/** Step 2: Glicko-2 scale factor, 400 / ln(10). */
const SCALE = 173.7178;

/** Step 2: the public-scale rating that maps to μ = 0. */
const CENTRE = 1500;

/** Step 5: convergence tolerance of the volatility iteration, the paper's ε. */
const EPSILON = 0.000001;

/**
 * RD never exceeds the unrated default (350): a player absent for many periods is then exactly as
 * uncertain as a newcomer, rather than more uncertain than someone who has never played.
 */
const MAX_RD = RATING.defaultRd;

const DEFAULT_OPTIONS: Glicko2Options = { tau: RATING.defaultTau };

function resolveOptions(options: Partial<Glicko2Options> | undefined): Glicko2Options {
  const tau = options?.tau ?? DEFAULT_OPTIONS.tau;
  if (!Number.isFinite(tau) || tau <= 0) throw new RangeError(`tau must be a positive number, got ${tau}`);
  return { tau };
}

function assertRating(player: Glicko2Rating, label: string): void {
  const { rating, rd, volatility } = player;
  if (!Number.isFinite(rating) || !Number.isFinite(rd) || rd <= 0 || !Number.isFinite(volatility) || volatility <= 0) {
    throw new RangeError(
      `${label} needs a finite rating and positive finite rd and volatility, got ${rating}/${rd}/${volatility}`,
    );
  }
}

/** Step 2: μ, the Glicko-2 scale rating of a public rating (points). */
export function glicko2Mu(rating: number): number {
  return (rating - CENTRE) / SCALE;
}

/** Step 2: φ, the Glicko-2 scale RD of a public RD (points). */
export function glicko2Phi(rd: number): number {
  return rd / SCALE;
}

/** Step 3: g(φ), which discounts a result against an opponent whose rating is uncertain (φ = RD / 173.7178). */
export function glicko2G(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** Step 3: E(μ, μj, φj), the expected score against opponent j (with gj = g(φj) precomputed). */
export function glicko2Expected(mu: number, opponentMu: number, opponentG: number): number {
  return 1 / (1 + Math.exp(-opponentG * (mu - opponentMu)));
}

/**
 * What steps 3–4 need from a period's games: `vInverse` = Σ g(φj)² E (1 − E) (so v = 1 / vInverse)
 * and `improvement` = Σ g(φj) (sj − E) (so Δ = v × improvement). Unitless (Glicko-2 scale).
 */
export interface Glicko2PeriodSums {
  vInverse: number;
  improvement: number;
}

/** Step 5: the new volatility σ′ by the Illinois algorithm (steps 5.1–5.5). */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  // 5.1
  const a = Math.log(sigma * sigma);
  const phi2 = phi * phi;
  const delta2 = delta * delta;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const denominator = phi2 + v + ex;
    return (ex * (delta2 - phi2 - v - ex)) / (2 * denominator * denominator) - (x - a) / (tau * tau);
  };
  // 5.2
  let A = a;
  let B: number;
  if (delta2 > phi2 + v) {
    B = Math.log(delta2 - phi2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  // 5.3
  let fA = f(A);
  let fB = f(B);
  // 5.4. "≤ 0" as in the paper: with "< 0", an iterate landing exactly on the root (fC = 0)
  // would halve fA forever without closing the bracket.
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  // 5.5
  return Math.exp(A / 2);
}

function capRd(rd: number): number {
  return Math.min(rd, MAX_RD);
}

/** Step 6 alone: a period without games only widens RD, φ* = √(φ² + σ²). */
function idle(player: Glicko2Rating): Glicko2Rating {
  const phi = glicko2Phi(player.rd);
  const phiStar = Math.sqrt(phi * phi + player.volatility * player.volatility);
  return { rating: player.rating, rd: capRd(phiStar * SCALE), volatility: player.volatility };
}

/** Steps 4–8 from the period's sums. */
function conclude(player: Glicko2Rating, sums: Glicko2PeriodSums, tau: number): Glicko2Rating {
  // Games whose outcome was certain (E exactly 0 or 1 after rounding) carry no information.
  if (!(sums.vInverse > 0)) return idle(player);
  const mu = glicko2Mu(player.rating);
  const phi = glicko2Phi(player.rd);
  // Steps 3–4
  const v = 1 / sums.vInverse;
  const delta = v * sums.improvement;
  // Step 5
  const sigmaPrime = newVolatility(player.volatility, phi, v, delta, tau);
  // Step 6
  const phiStar = Math.sqrt(phi * phi + sigmaPrime * sigmaPrime);
  // Step 7
  const phiPrime = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muPrime = mu + phiPrime * phiPrime * sums.improvement;
  // Step 8
  return { rating: SCALE * muPrime + CENTRE, rd: capRd(SCALE * phiPrime), volatility: sigmaPrime };
}

/**
 * One Glicko-2 rating period for one player (Glickman 2013, steps 1–8). All games count as
 * simultaneous and use the opponents' pre-period values.
 *
 * @param player - pre-period rating (points), RD (points) and volatility.
 * @param games - the period's games; empty means only step 6: rating and volatility stay, RD grows
 *   to √(RD² + (173.7178 σ)²).
 * @param options - `tau` (τ), default 0.5.
 * @returns new rating, RD (capped at 350, the unrated default) and volatility; inputs are untouched.
 * @throws RangeError on a non-finite rating, a non-positive RD or volatility, or τ ≤ 0.
 */
export function ratePeriod(
  player: Glicko2Rating,
  games: readonly Glicko2Game[],
  options?: Partial<Glicko2Options>,
): Glicko2Rating {
  const { tau } = resolveOptions(options);
  assertRating(player, 'player');
  if (games.length === 0) return idle(player);
  const mu = glicko2Mu(player.rating);
  let vInverse = 0;
  let improvement = 0;
  for (const game of games) {
    assertRating(game.opponent, 'opponent');
    const gj = glicko2G(glicko2Phi(game.opponent.rd));
    const expected = glicko2Expected(mu, glicko2Mu(game.opponent.rating), gj);
    vInverse += gj * gj * expected * (1 - expected);
    improvement += gj * (game.score - expected);
  }
  return conclude(player, { vInverse, improvement }, tau);
}

function opposite(score: 0 | 0.5 | 1): 0 | 0.5 | 1 {
  return score === 1 ? 0 : score === 0 ? 1 : 0.5;
}

/**
 * One game between `a` and `b` as a rating period of its own: each is rated against the other's
 * pre-game values, so the order of the two updates does not matter.
 *
 * @param scoreA - a's result: 1 win, 0.5 draw, 0 loss (b gets 1 − scoreA).
 * @returns `[newA, newB]`.
 * @throws RangeError as `ratePeriod`.
 */
export function rateHeadToHead(
  a: Glicko2Rating,
  b: Glicko2Rating,
  scoreA: 0 | 0.5 | 1,
  options?: Partial<Glicko2Options>,
): [Glicko2Rating, Glicko2Rating] {
  return [
    ratePeriod(a, [{ opponent: b, score: scoreA }], options),
    ratePeriod(b, [{ opponent: a, score: opposite(scoreA) }], options),
  ];
}

/**
 * Steps 4–8 of a rating period whose step 3–4 sums the caller has already formed, for periods
 * that are not a plain list of games: a weighted game contributes wj g(φj)² E (1 − E) to
 * `vInverse` and wj g(φj) (sj − E) to `improvement`, and steps 5–7 then run unchanged on those
 * sums (the weighted-likelihood reading of Glickman's steps 3–4; see `contest-rating.ts`). With
 * every weight 1 this is exactly `ratePeriod`.
 *
 * @param player - pre-period rating (points), RD (points) and volatility.
 * @param sums - Σ over the period's games, Glicko-2 scale; `vInverse` ≤ 0 means no information,
 *   and only step 6 applies.
 * @returns new rating, RD (capped at 350) and volatility.
 * @throws RangeError as `ratePeriod`, or on non-finite sums.
 */
export function ratePeriodFromSums(player: Glicko2Rating, sums: Glicko2PeriodSums, options?: Partial<Glicko2Options>): Glicko2Rating {
  const { tau } = resolveOptions(options);
  assertRating(player, 'player');
  if (!Number.isFinite(sums.vInverse) || !Number.isFinite(sums.improvement)) {
    throw new RangeError(`period sums must be finite, got ${sums.vInverse}/${sums.improvement}`);
  }
  return conclude(player, sums, tau);
}

/** Validates a rating as `ratePeriod` does; exported for callers that build sums themselves. */
export function assertGlicko2Rating(player: Glicko2Rating, label: string): void {
  assertRating(player, label);
}

/** Step 6 alone, as `ratePeriod(player, [])`: for a player with nobody to be rated against. */
export function rateIdle(player: Glicko2Rating): Glicko2Rating {
  assertRating(player, 'player');
  return idle(player);
}
