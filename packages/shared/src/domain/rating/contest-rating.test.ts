import { describe, expect, it } from 'vitest';
import { CONTEST_GAMES, rateContest } from './contest-rating.js';
import {
  glicko2Expected,
  glicko2G,
  glicko2Mu,
  glicko2Phi,
  ratePeriod,
  ratePeriodFromSums,
  type Glicko2Rating,
} from './glicko2.js';

/** Room for the 20,000-player and 10-contest cases on a loaded machine; not a speed assertion. */
const SLOW = { timeout: 60_000 };

const FRESH: Glicko2Rating = { rating: 1500, rd: 350, volatility: 0.06 };
const SIZES = [4, 20, 100, 1000, 5000, 20000];

function freshField(n: number): Glicko2Rating[] {
  return Array.from({ length: n }, () => ({ ...FRESH }));
}

function pairScore(mine: number, theirs: number): 0 | 0.5 | 1 {
  return mine < theirs ? 1 : mine === theirs ? 0.5 : 0;
}

/** The O(n²) definition in the module header, written out pair by pair. */
function exactContest(players: readonly Glicko2Rating[], ranks: readonly number[]): Glicko2Rating[] {
  const w = Math.min(1, CONTEST_GAMES / (players.length - 1));
  const mu = players.map((p) => glicko2Mu(p.rating));
  const gs = players.map((p) => glicko2G(glicko2Phi(p.rd)));
  return players.map((player, i) => {
    let vInverse = 0;
    let improvement = 0;
    for (let j = 0; j < players.length; j++) {
      if (j === i) continue;
      const e = glicko2Expected(mu[i]!, mu[j]!, gs[j]!);
      vInverse += w * gs[j]! * gs[j]! * e * (1 - e);
      improvement += w * gs[j]! * (pairScore(ranks[i]!, ranks[j]!) - e);
    }
    return ratePeriodFromSums(player, { vInverse, improvement });
  });
}

describe('rateContest, small fields', () => {
  const players: Glicko2Rating[] = [
    { rating: 1500, rd: 200, volatility: 0.06 },
    { rating: 1400, rd: 30, volatility: 0.06 },
    { rating: 1550, rd: 100, volatility: 0.05 },
    { rating: 1700, rd: 300, volatility: 0.07 },
  ];

  it(`is Glickman's period with every pairing listed up to ${CONTEST_GAMES + 1} players (weights 1)`, () => {
    for (const ranks of [[2, 1, 2, 4], [1, 2, 3, 4], [1, 1, 1, 1], [1, 2], [2, 2]]) {
      const field = players.slice(0, ranks.length);
      const result = rateContest(field, ranks, { tau: 0.4 });
      field.forEach((me, i) => {
        const games = field.flatMap((opponent, j) => (j === i ? [] : [{ opponent, score: pairScore(ranks[i]!, ranks[j]!) }]));
        const expected = ratePeriod(me, games, { tau: 0.4 });
        expect(result[i]!.rating).toBeCloseTo(expected.rating, 9);
        expect(result[i]!.rd).toBeCloseTo(expected.rd, 9);
        expect(result[i]!.volatility).toBeCloseTo(expected.volatility, 12);
      });
    }
  });

  it('gives a lone player only the RD growth of an idle period, and nobody nothing', () => {
    expect(rateContest([players[0]!], [1])).toEqual([ratePeriod(players[0]!, [])]);
    expect(rateContest([], [])).toEqual([]);
  });

  it('rejects mismatched or non-finite ranks, invalid ratings and τ', () => {
    expect(() => rateContest(players, [1, 2])).toThrow(RangeError);
    expect(() => rateContest(players.slice(0, 2), [1, Number.NaN])).toThrow(RangeError);
    expect(() => rateContest([FRESH, { ...FRESH, rd: 0 }], [1, 2])).toThrow(RangeError);
    expect(() => rateContest([FRESH, FRESH], [1, 2], { tau: -1 })).toThrow(RangeError);
  });

  it('does not mutate its inputs', () => {
    const field = players.map((p) => ({ ...p }));
    const ranks = [1, 2, 3, 4];
    rateContest(field, ranks);
    expect(field).toEqual(players);
    expect(ranks).toEqual([1, 2, 3, 4]);
  });
});

describe('rateContest, fields of fresh players at every size', SLOW, () => {
  const rows: Record<string, number | string>[] = [];

  it.each(SIZES)('%i players: RD ≥ 150, gains and losses ≤ 350, monotone in rank, ties equal, mean ≈ 0', (n) => {
    // Distinct ranks, and ranks tied in threes (1, 1, 1, 4, 4, 4, …).
    for (const ranks of [
      Array.from({ length: n }, (_, i) => i + 1),
      Array.from({ length: n }, (_, i) => 1 + 3 * Math.floor(i / 3)),
    ]) {
      const after = rateContest(freshField(n), ranks);
      const change = after.map((p) => p.rating - FRESH.rating);
      for (const p of after) expect(p.rd).toBeGreaterThanOrEqual(150);
      expect(change[0]!).toBeLessThanOrEqual(350);
      expect(change[n - 1]!).toBeGreaterThanOrEqual(-350);
      for (let i = 1; i < n; i++) {
        if (ranks[i] === ranks[i - 1]) expect(after[i]).toEqual(after[i - 1]);
        else expect(change[i]!).toBeLessThan(change[i - 1]!);
      }
      const mean = change.reduce((a, b) => a + b, 0) / n;
      expect(Math.abs(mean)).toBeLessThanOrEqual(5);
      if (ranks[1] === 2) {
        rows.push({
          players: n,
          'RD after': after[Math.floor(n / 2)]!.rd.toFixed(1),
          'winner gain': change[0]!.toFixed(1),
          'last loss': (-change[n - 1]!).toFixed(1),
          'mean change': mean.toFixed(3),
        });
      }
    }
    if (n === SIZES.at(-1)) console.table(rows);
  });
});

/**
 * The simulation behind "same percentile, same rating at any size": one tracked player, fresh at
 * first, plays 10 contests in a row and finishes each time with the share `ahead` of the field in
 * front. Everyone else is new in each contest, either fresh (1500/350) or a mixed field: ratings at
 * the quantiles of a logistic distribution around 1500 with scale 165 (SD ≈ 300), rounded to 25
 * points, RDs spread evenly over 60–350, and the others finish in rating order. Rounding to 25
 * points keeps the exact path of rateContest (few distinct ratings), so the test stays fast; the
 * grid path's error is bounded in its own test below.
 */
function mixedField(size: number): Glicko2Rating[] {
  return Array.from({ length: size }, (_, i) => {
    const u = (i + 0.5) / size;
    return {
      rating: Math.round((1500 + 165 * Math.log(u / (1 - u))) / 25) * 25,
      rd: 60 + 290 * ((i * 0.6180339887) % 1),
      volatility: 0.06,
    };
  });
}

function afterTenContests(n: number, ahead: number, field: 'fresh' | 'mixed'): Glicko2Rating {
  let me: Glicko2Rating = { ...FRESH };
  const others = field === 'fresh' ? freshField(n - 1) : mixedField(n - 1);
  // The others finish in order of rating, best first; `slot` of them finish in front of me.
  const order = others.map((_, i) => i).sort((a, b) => others[b]!.rating - others[a]!.rating);
  const slot = Math.round(ahead * (n - 1));
  const ranks = new Array<number>(n);
  order.forEach((j, position) => (ranks[j] = position < slot ? position + 1 : position + 2));
  ranks[n - 1] = slot + 1;
  for (let c = 0; c < 10; c++) me = rateContest([...others, me], ranks).at(-1)!;
  return me;
}

describe('rateContest, same percentile in 10 successive contests', SLOW, () => {
  it.each(['fresh', 'mixed'] as const)('ends within 50 points at 100 and at 5,000 players (%s fields)', (field) => {
    const rows: Record<string, string>[] = [];
    for (const ahead of [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]) {
      const small = afterTenContests(100, ahead, field);
      const large = afterTenContests(5000, ahead, field);
      rows.push({ ahead: ahead.toFixed(2), '100 players': small.rating.toFixed(1), '5,000 players': large.rating.toFixed(1), 'RD at 5,000': large.rd.toFixed(1) });
      expect(Math.abs(small.rating - large.rating)).toBeLessThanOrEqual(50);
    }
    console.table(rows);
  });
});

describe('rateContest, interpolated field sums', SLOW, () => {
  it('stays within 0.01 rating points and 0.01 RD of the exact O(n²) sums', () => {
    // 3,000 distinct ratings over 1000–2000: more distinct values than 2-point grid nodes (501),
    // so the grid path runs. Ranks mostly follow rating, with noise and ties; the first 50 are
    // RD-350 players spread over the range who either win or finish last (the worst case of the
    // bound in contest-rating.ts).
    const n = 3000;
    const field = Array.from({ length: n }, (_, i) =>
      i < 50
        ? { rating: 1000.37 + 20 * i, rd: 350, volatility: 0.06 }
        : {
            rating: 1000 + 1000 * ((i * 0.7548776662) % 1),
            rd: 45 + 305 * ((i * 0.569840291) % 1),
            volatility: 0.05 + 0.02 * ((i * 0.3819660113) % 1),
          },
    );
    const ranks = field.map((p, i) => (i < 50 ? (i % 2 === 0 ? 0 : n) : Math.round((2000 - p.rating + 400 * ((i * 0.137) % 1)) / 3)));
    const approx = rateContest(field, ranks);
    const exact = exactContest(field, ranks);
    let worstRating = 0;
    let worstRd = 0;
    approx.forEach((p, i) => {
      worstRating = Math.max(worstRating, Math.abs(p.rating - exact[i]!.rating));
      worstRd = Math.max(worstRd, Math.abs(p.rd - exact[i]!.rd));
    });
    expect(worstRating).toBeLessThan(0.01);
    expect(worstRd).toBeLessThan(0.01);
  });

  it('is the exact O(n²) definition for a field of few distinct ratings', () => {
    const field = Array.from({ length: 200 }, (_, i) => ({ rating: 1200 + 100 * (i % 7), rd: 50 + (i % 13) * 20, volatility: 0.06 }));
    const ranks = field.map((_, i) => (i * 37) % 50);
    const approx = rateContest(field, ranks);
    exactContest(field, ranks).forEach((p, i) => {
      expect(approx[i]!.rating).toBeCloseTo(p.rating, 9);
      expect(approx[i]!.rd).toBeCloseTo(p.rd, 9);
    });
  });
});
