import { describe, expect, it } from 'vitest';
import { rateHeadToHead, ratePeriod, rateRoundRobin, type Glicko2Rating } from './glicko2.js';

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

describe('rateRoundRobin', () => {
  const players: Glicko2Rating[] = [
    { rating: 1500, rd: 200, volatility: 0.06 },
    { rating: 1400, rd: 30, volatility: 0.06 },
    { rating: 1550, rd: 100, volatility: 0.05 },
    { rating: 1700, rd: 300, volatility: 0.07 },
  ];

  it('equals rateHeadToHead for two players', () => {
    for (const [ranks, score] of [
      [[1, 2], 1],
      [[2, 1], 0],
      [[1, 1], 0.5],
    ] as const) {
      expect(rateRoundRobin(players.slice(0, 2), ranks)).toEqual(rateHeadToHead(players[0]!, players[1]!, score));
    }
  });

  it('equals ratePeriod with every pairing listed, with equal ranks drawing', () => {
    const ranks = [2, 1, 2, 4];
    const result = rateRoundRobin(players, ranks, { tau: 0.4 });
    players.forEach((me, i) => {
      const games = players.flatMap((opponent, j) => {
        if (j === i) return [];
        const score = ranks[i]! < ranks[j]! ? 1 : ranks[i] === ranks[j] ? 0.5 : 0;
        return [{ opponent, score: score as 0 | 0.5 | 1 }];
      });
      const expected = ratePeriod(me, games, { tau: 0.4 });
      expect(result[i]!.rating).toBeCloseTo(expected.rating, 9);
      expect(result[i]!.rd).toBeCloseTo(expected.rd, 9);
      expect(result[i]!.volatility).toBeCloseTo(expected.volatility, 12);
    });
  });

  it('gives a lone player only the RD growth of an idle period', () => {
    expect(rateRoundRobin([player], [1])).toEqual([ratePeriod(player, [])]);
    expect(rateRoundRobin([], [])).toEqual([]);
  });

  it('rejects mismatched or non-finite ranks', () => {
    expect(() => rateRoundRobin(players, [1, 2])).toThrow(RangeError);
    expect(() => rateRoundRobin(players.slice(0, 2), [1, Number.NaN])).toThrow(RangeError);
  });

  it('handles 5,000 players in one period', () => {
    // Measured on Node 20 in the 2-core dev container: 0.55–1.0 s for 5,000 players (25M
    // pairings) run alone, ~1.3 s with the other suites in parallel; one Math.exp per pairing
    // dominates. No timed assertion: CI machines vary.
    const n = 5000;
    const field = Array.from({ length: n }, (_, i) => ({
      rating: 1000 + ((i * 7919) % 1500),
      rd: 50 + ((i * 31) % 300),
      volatility: 0.06,
    }));
    // Finishing order follows rating, with ties in pairs.
    const ranks = field.map((p) => 1 + Math.floor((2500 - p.rating) / 2));
    const result = rateRoundRobin(field, ranks);
    expect(result).toHaveLength(n);
    for (const r of result) {
      expect(Number.isFinite(r.rating) && r.rd > 0 && r.rd <= 350 && r.volatility > 0).toBe(true);
    }
    const best = ranks.indexOf(Math.min(...ranks));
    const worst = ranks.indexOf(Math.max(...ranks));
    expect(result[best]!.rating).toBeGreaterThan(field[best]!.rating);
    expect(result[worst]!.rating).toBeLessThan(field[worst]!.rating);
  });
});
