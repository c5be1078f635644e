/**
 * Rating a weekly contest's final standings at any field size: Glicko-2 (Glickman, "Example of the
 * Glicko-2 system", 2013, http://www.glicko.net/glicko/glicko2.pdf) in which the contest is one
 * rating period against the field, every pairwise result weighted so that the whole contest
 * weighs at most CONTEST_GAMES games.
 *
 * Why weighted: a contest is one performance per player (the model of Ebtekar and Liu, "Elo-MMR:
 * A Rating System for Massive Multiplayer Competitions", WWW 2021), not n − 1 independent games.
 * Counted as n − 1 full games, as a plain round robin does, a fresh player's RD falls to about 7
 * after one 5,000-player contest and the winner gains about 519 points (the limit as the field
 * grows), so one big contest freezes a rating. With weights the evidence of one contest no longer
 * grows with the field, and a finish at the same percentile means the same thing at 100 players as
 * at 5,000.
 *
 * The maths: Glickman's steps 3–4 sum one log-likelihood term per game; weighting each term
 * wj (a weighted likelihood) gives v⁻¹ = Σ wj g(φj)² Ej (1 − Ej) and Δ = v Σ wj g(φj) (sj − Ej),
 * and steps 5–8 run unchanged on those (`ratePeriodFromSums`). Here wj = min(1, CONTEST_GAMES /
 * (n − 1)) for every opponent, sj is 1 against a worse rank, ½ against an equal one, 0 against a
 * better one, and all opponents use pre-contest values. A contest of at most CONTEST_GAMES + 1
 * players is therefore exactly the unweighted round robin, i.e. `ratePeriod` with every pairing
 * listed.
 *
 * Cost: O(n log n) plus O(n × P) exponentials. The score part Σ wj g(φj) sj is exact from the
 * players sorted by rank and prefix sums. The expected part Σ g(φj) Ej and Σ g(φj)² Ej (1 − Ej)
 * depends on a player only through their own μ, so it is evaluated at P points: every distinct
 * rating when there are fewer of them than grid nodes (then exact, e.g. a field of fresh players),
 * otherwise on a grid of GRID_STEP rating points over the field's range, linearly interpolated.
 * Interpolation error of a sum S(μ) is at most h²/8 × max |S″|, with h = GRID_STEP / 173.7178:
 * per opponent |d²/dμ² g E| ≤ g³/(6√3) and |d²/dμ² g² E (1 − E)| ≤ g⁴/8, g ≤ 1, and the weights
 * of the n terms sum to CONTEST_GAMES × n / (n − 1) ≤ 3.75 (n ≥ 5), so each weighted sum is off by
 * less than 1e-5. Through steps 5–7 (δr ≈ 173.7 × (φ′² δimprovement + φ′⁴ improvement δv⁻¹),
 * leaving aside the small knock-on change of σ′) that moves a rating by at most about 0.1 points,
 * for an RD-350 player far from the field, and usually by under 0.001;
 * `contest-rating.test.ts` checks the result against the exact O(n²) sums.
 */
import { RATING } from '../../constants.js';
import {
  assertGlicko2Rating,
  glicko2Expected,
  glicko2G,
  glicko2Mu,
  glicko2Phi,
  rateIdle,
  ratePeriodFromSums,
  type Glicko2Options,
  type Glicko2Rating,
} from './glicko2.js';

/**
 * How many games one contest weighs at most, whatever its size. 3 because: a fresh player's RD
 * after one contest then stays at about 228, so later contests still move the rating, and a fresh
 * winner gains about 300 (keeping RD ≥ 150 allows at most 9.7 games, a gain ≤ 350 at most 4.5);
 * it is the weight a 4-player contest already had as a round robin, so small contests rate as
 * before; and ten contests then weigh like thirty Math Challenges, a contest being one 10-minute
 * sitting rather than dozens of games.
 */
export const CONTEST_GAMES = 3;

/** Spacing of the evaluation grid in rating points; error bound in the module header. */
const GRID_STEP = 2;

/** Σ g(φj) Ej and Σ g(φj)² Ej (1 − Ej) over the whole field at own μ = `x` (self included). */
function fieldSums(x: number, mu: Float64Array, gs: Float64Array): [number, number] {
  let expected = 0;
  let information = 0;
  for (let j = 0; j < mu.length; j++) {
    const gj = gs[j] as number;
    const e = glicko2Expected(x, mu[j] as number, gj);
    expected += gj * e;
    information += gj * gj * e * (1 - e);
  }
  return [expected, information];
}

/**
 * Evaluation points for the expected-score sums, ascending: the distinct μ values, or a uniform
 * grid over [min μ, max μ] when that is shorter.
 */
function evaluationPoints(mu: Float64Array): Float64Array {
  const distinct = Float64Array.from(new Set(mu)).sort();
  const lo = distinct[0] as number;
  const hi = distinct[distinct.length - 1] as number;
  const step = glicko2Phi(GRID_STEP);
  const intervals = Math.ceil((hi - lo) / step);
  if (distinct.length <= intervals + 1) return distinct;
  return Float64Array.from({ length: intervals + 1 }, (_, m) => lo + m * step);
}

/** Index of the last point ≤ x (points ascending, x within their range). */
function segmentOf(points: Float64Array, x: number): number {
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((points[mid] as number) <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function interpolate(points: Float64Array, values: Float64Array, x: number): number {
  const m = segmentOf(points, x);
  const x0 = points[m] as number;
  const v0 = values[m] as number;
  if (x === x0 || m === points.length - 1) return v0;
  const t = (x - x0) / ((points[m + 1] as number) - x0);
  return v0 + t * ((values[m + 1] as number) - v0);
}

/**
 * Σ over opponents of g(φj) sj for each player, exact: players sorted by rank, sj = 1 against every
 * worse rank and ½ against every other player of the same rank.
 */
function scoreSums(ranks: readonly number[], gs: Float64Array): Float64Array {
  const n = ranks.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (ranks[a] as number) - (ranks[b] as number));
  let total = 0;
  for (const gj of gs) total += gj;
  const out = new Float64Array(n);
  let before = 0;
  for (let start = 0; start < n; ) {
    const rank = ranks[order[start] as number] as number;
    let end = start;
    let tied = 0;
    while (end < n && ranks[order[end] as number] === rank) tied += gs[order[end++] as number] as number;
    const worse = total - before - tied;
    for (let k = start; k < end; k++) {
      const i = order[k] as number;
      out[i] = worse + 0.5 * (tied - (gs[i] as number));
    }
    before += tied;
    start = end;
  }
  return out;
}

/**
 * Rates one contest's final standings as one weighted Glicko-2 period (see the module header).
 * Ranks are grouped: `[1, 2, 2, 4]` is one winner, a two-way tie for second and a last place.
 *
 * @param players - pre-contest ratings (points), RDs (points) and volatilities.
 * @param ranks - finishing position of each player (same length and order; lower is better, any
 *   finite numbers).
 * @param options - `tau` (τ), default 0.5.
 * @returns new ratings in the same order (RD capped at 350); a lone player gets only Glickman's
 *   step 6 (RD grows). Inputs are untouched.
 * @throws RangeError when the lengths differ, a rank is not finite, a rating is invalid (as
 *   `ratePeriod`), or τ ≤ 0.
 */
export function rateContest(
  players: readonly Glicko2Rating[],
  ranks: readonly number[],
  options?: Partial<Glicko2Options>,
): Glicko2Rating[] {
  if (ranks.length !== players.length) {
    throw new RangeError(`ranks must have one entry per player: ${players.length} players, ${ranks.length} ranks`);
  }
  const n = players.length;
  const mu = new Float64Array(n);
  const gs = new Float64Array(n);
  players.forEach((player, i) => {
    assertGlicko2Rating(player, `players[${i}]`);
    const r = ranks[i];
    if (r === undefined || !Number.isFinite(r)) throw new RangeError(`ranks[${i}] must be finite, got ${r}`);
    mu[i] = glicko2Mu(player.rating);
    gs[i] = glicko2G(glicko2Phi(player.rd));
  });
  if (options?.tau !== undefined && !(Number.isFinite(options.tau) && options.tau > 0)) {
    throw new RangeError(`tau must be a positive number, got ${options.tau}`);
  }
  if (n === 0) return [];
  if (n === 1) return players.map(rateIdle);

  const weight = Math.min(1, CONTEST_GAMES / (n - 1));
  const scores = scoreSums(ranks, gs);
  const points = evaluationPoints(mu);
  const expectedAt = new Float64Array(points.length);
  const informationAt = new Float64Array(points.length);
  points.forEach((x, m) => {
    [expectedAt[m], informationAt[m]] = fieldSums(x, mu, gs);
  });

  return players.map((player, i) => {
    const mui = mu[i] as number;
    const gi = gs[i] as number;
    // A player's own term in the field sums: E against oneself is exactly ½.
    const expected = interpolate(points, expectedAt, mui) - 0.5 * gi;
    const information = interpolate(points, informationAt, mui) - 0.25 * gi * gi;
    return ratePeriodFromSums(
      player,
      { vInverse: weight * Math.max(0, information), improvement: weight * ((scores[i] as number) - expected) },
      { tau: options?.tau ?? RATING.defaultTau },
    );
  });
}
