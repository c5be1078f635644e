import { describe, expect, it } from 'vitest';
import { formatAnswerSeconds, UNDER_A_SECOND } from './answer-seconds';

describe('formatAnswerSeconds', () => {
  it("reads a sub-second answer as '< 1 s', not '0 s' (the audit's 'Fastest 0 s')", () => {
    expect(formatAnswerSeconds(0)).toBe(UNDER_A_SECOND);
    expect(formatAnswerSeconds(0.4)).toBe('< 1 s');
  });

  it('rounds other times to whole seconds, the unit of the Answers tab', () => {
    expect(formatAnswerSeconds(0.5)).toBe('1 s');
    expect(formatAnswerSeconds(1)).toBe('1 s');
    expect(formatAnswerSeconds(6.4)).toBe('6 s');
    expect(formatAnswerSeconds(125)).toBe('125 s');
  });

  it('shows a dash for a time that cannot be one', () => {
    expect(formatAnswerSeconds(-1)).toBe('—');
    expect(formatAnswerSeconds(Number.NaN)).toBe('—');
    expect(formatAnswerSeconds(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
