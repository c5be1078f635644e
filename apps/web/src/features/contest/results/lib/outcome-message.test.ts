import { describe, expect, it } from 'vitest';
import { OUTCOME_MESSAGES, outcomeMessage, placeHonours } from './outcome-message';

const base = { honours: null, correctCount: 0, totalScore: 0 };

/** A place in a field of 100, so that every message is within reach. */
const inHundred = ({ rank, percentile, ...rest }: { rank: number; percentile: number; correctCount: number; totalScore: number }) => ({
  honours: placeHonours(rank, percentile, 100, []),
  ...rest,
});

describe('outcomeMessage (spec §2: first match wins)', () => {
  it.each([
    [{ rank: 1, percentile: 100, correctCount: 20, totalScore: 100 }, 'You won the contest!'],
    [{ rank: 2, percentile: 99, correctCount: 19, totalScore: 95 }, OUTCOME_MESSAGES.top3],
    [{ rank: 3, percentile: 98, correctCount: 18, totalScore: 90 }, OUTCOME_MESSAGES.top3],
    [{ rank: 4, percentile: 97, correctCount: 18, totalScore: 90 }, OUTCOME_MESSAGES.top10],
    [{ rank: 10, percentile: 95, correctCount: 15, totalScore: 75 }, OUTCOME_MESSAGES.top10],
    [{ rank: 11, percentile: 90, correctCount: 15, totalScore: 75 }, OUTCOME_MESSAGES.top10Percent],
    [{ rank: 30, percentile: 89, correctCount: 14, totalScore: 70 }, OUTCOME_MESSAGES.top25Percent],
    [{ rank: 30, percentile: 75, correctCount: 14, totalScore: 70 }, OUTCOME_MESSAGES.top25Percent],
    [{ rank: 60, percentile: 74, correctCount: 11, totalScore: 55 }, OUTCOME_MESSAGES.aboveAverage],
    [{ rank: 60, percentile: 50, correctCount: 11, totalScore: 55 }, OUTCOME_MESSAGES.aboveAverage],
    [{ rank: 70, percentile: 49, correctCount: 10, totalScore: 50 }, OUTCOME_MESSAGES.halfCorrect],
    [{ rank: 80, percentile: 20, correctCount: 9, totalScore: 45 }, OUTCOME_MESSAGES.thanks],
    [{ rank: 99, percentile: 0, correctCount: 0, totalScore: 0 }, OUTCOME_MESSAGES.encouragement],
  ])('%o → %s', (input, message) => {
    expect(outcomeMessage(inHundred(input))).toBe(message);
  });

  it('congratulates the last of 4 (15 points) on nothing (issue #47)', () => {
    expect(outcomeMessage({ honours: placeHonours(4, 0, 4, [1, 2, 3, 4]), correctCount: 3, totalScore: 15 })).toBe(OUTCOME_MESSAGES.thanks);
  });

  it('needs a field larger than the rank, and never congratulates a tie for last', () => {
    const msg = (rank: number, percentile: number, participants: number, ranks: number[] = []) =>
      outcomeMessage({ honours: placeHonours(rank, percentile, participants, ranks), correctCount: 3, totalScore: 15 });
    expect(msg(3, 33, 4)).toBe(OUTCOME_MESSAGES.top3);
    expect(msg(2, 50, 3)).toBe(OUTCOME_MESSAGES.aboveAverage);
    expect(msg(2, 50, 3, [1, 2, 2])).toBe(OUTCOME_MESSAGES.thanks);
    expect(msg(5, 60, 11)).toBe(OUTCOME_MESSAGES.top10);
    expect(msg(5, 55, 10)).toBe(OUTCOME_MESSAGES.aboveAverage);
    expect(msg(1, 100, 1)).toBe(OUTCOME_MESSAGES.thanks);
  });

  it("keeps the spec's quoted phrases", () => {
    expect(OUTCOME_MESSAGES.won).toBe('You won the contest!');
    expect(OUTCOME_MESSAGES.halfCorrect).toContain('more than half correct');
  });

  it('skips the rank and percentile rules before finalization', () => {
    expect(outcomeMessage({ ...base, correctCount: 12, totalScore: 60 })).toBe(OUTCOME_MESSAGES.halfCorrect);
    expect(outcomeMessage({ ...base, correctCount: 1, totalScore: 5 })).toBe(OUTCOME_MESSAGES.thanks);
    expect(outcomeMessage(base)).toBe(OUTCOME_MESSAGES.encouragement);
  });

  it('ignores a nonsensical rank', () => {
    expect(outcomeMessage({ ...base, honours: placeHonours(0, 100, 5, []), correctCount: 3, totalScore: 15 })).toBe(OUTCOME_MESSAGES.thanks);
  });
});
