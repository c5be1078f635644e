import { describe, expect, it } from 'vitest';
import { rateHeadToHead, ratePeriod, ratePeriodFromSums, type Glicko2Rating } from './glicko2.js';

const player: Glicko2Rating = { rating: 1500, rd: 200, volatility: 0.06 };

describe('ratePeriod', () => {
  it("reproduces Glickman's worked example (Example of the Glicko-2 system, 2013)", () => {
    const result = ratePeriod(
      player,
      [
        { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
      ],
      { tau: 0.5 },
    );
    // The paper prints r′ = 1464.06 from μ′ rounded to −0.2069; unrounded it is 1464.0507, so
    // the check allows one unit in the second decimal. σ′ is printed truncated (0.05999 for
    // 0.0599960), hence the 1e-5 tolerance there.
    expect(Math.abs(result.rating - 1464.06)).toBeLessThan(0.01);
    expect(result.rd).toBeCloseTo(151.52, 2);
    expect(Math.abs(result.volatility - 0.05999)).toBeLessThan(0.00001);
    // Golden values of this implementation, to catch any drift in later refactors.
    expect(result.rating).toBeCloseTo(1464.0507, 4);
    expect(result.rd).toBeCloseTo(151.5165, 4);
    expect(result.volatility).toBeCloseTo(0.059996, 6);
  });

  it('with no games only grows RD (step 6) and keeps rating and volatility', () => {
    const result = ratePeriod(player, []);
    expect(result.rating).toBe(1500);
    expect(result.volatility).toBe(0.06);
    expect(result.rd).toBeCloseTo(Math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2), 9);
    expect(result.rd).toBeGreaterThan(200);
  });

  it('caps RD at 350, the unrated default', () => {
    expect(ratePeriod({ rating: 1500, rd: 350, volatility: 0.06 }, []).rd).toBe(350);
    expect(ratePeriod({ rating: 1500, rd: 349.9, volatility: 0.06 }, []).rd).toBe(350);
  });

  it('does not mutate its inputs', () => {
    const me = { ...player };
    const opponent = { rating: 1600, rd: 80, volatility: 0.06 };
    const games = [{ opponent, score: 1 as const }];
    ratePeriod(me, games);
    expect(me).toEqual(player);
    expect(opponent).toEqual({ rating: 1600, rd: 80, volatility: 0.06 });
  });

  it('raises the rating after a win and lowers it after a loss, shrinking RD either way', () => {
    const opponent = { rating: 1500, rd: 100, volatility: 0.06 };
    const won = ratePeriod(player, [{ opponent, score: 1 }]);
    const lost = ratePeriod(player, [{ opponent, score: 0 }]);
    expect(won.rating).toBeGreaterThan(1500);
    expect(lost.rating).toBeLessThan(1500);
    expect(won.rd).toBeLessThan(200);
    expect(lost.rd).toBeLessThan(200);
  });

  it('uses τ: a smaller τ moves volatility less after a surprising result', () => {
    const upset = [{ opponent: { rating: 2200, rd: 50, volatility: 0.06 }, score: 1 as const }];
    const calm = ratePeriod(player, upset, { tau: 0.2 });
    const lively = ratePeriod(player, upset, { tau: 1.2 });
    expect(Math.abs(calm.volatility - 0.06)).toBeLessThan(Math.abs(lively.volatility - 0.06));
  });

  it('rejects invalid inputs as bugs', () => {
    expect(() => ratePeriod({ rating: Number.NaN, rd: 200, volatility: 0.06 }, [])).toThrow(RangeError);
    expect(() => ratePeriod({ rating: 1500, rd: 0, volatility: 0.06 }, [])).toThrow(RangeError);
    expect(() => ratePeriod(player, [], { tau: 0 })).toThrow(RangeError);
  });
});

describe('rateHeadToHead', () => {
  it('is symmetric for equal players who draw', () => {
    const [a, b] = rateHeadToHead(player, { ...player }, 0.5);
    expect(a).toEqual(b);
    expect(a.rating).toBeCloseTo(1500, 9);
    expect(a.rd).toBeLessThan(200);
  });

  it("rates both against the other's pre-game values", () => {
    const b: Glicko2Rating = { rating: 1650, rd: 120, volatility: 0.07 };
    const [newA, newB] = rateHeadToHead(player, b, 1);
    expect(newA).toEqual(ratePeriod(player, [{ opponent: b, score: 1 }]));
    expect(newB).toEqual(ratePeriod(b, [{ opponent: player, score: 0 }]));
    expect(newA.rating).toBeGreaterThan(player.rating);
    expect(newB.rating).toBeLessThan(b.rating);
  });
});

describe('ratePeriodFromSums', () => {
  it('is ratePeriod when the sums are those of unweighted games', () => {
    const opponents = [
      { rating: 1400, rd: 30, volatility: 0.06 },
      { rating: 1550, rd: 100, volatility: 0.06 },
      { rating: 1700, rd: 300, volatility: 0.06 },
    ];
    const scores = [1, 0, 0] as const;
    const mu = (player.rating - 1500) / 173.7178;
    let vInverse = 0;
    let improvement = 0;
    opponents.forEach((o, j) => {
      const phi = o.rd / 173.7178;
      const gj = 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
      const e = 1 / (1 + Math.exp(-gj * (mu - (o.rating - 1500) / 173.7178)));
      vInverse += gj * gj * e * (1 - e);
      improvement += gj * (scores[j]! - e);
    });
    const expected = ratePeriod(player, opponents.map((opponent, j) => ({ opponent, score: scores[j]! })));
    const result = ratePeriodFromSums(player, { vInverse, improvement });
    expect(result.rating).toBeCloseTo(expected.rating, 9);
    expect(result.rd).toBeCloseTo(expected.rd, 9);
    expect(result.volatility).toBeCloseTo(expected.volatility, 12);
  });

  it('only grows RD when the sums carry no information, and rejects non-finite sums', () => {
    expect(ratePeriodFromSums(player, { vInverse: 0, improvement: 0 })).toEqual(ratePeriod(player, []));
    expect(() => ratePeriodFromSums(player, { vInverse: Number.NaN, improvement: 0 })).toThrow(RangeError);
  });
});
