import { describe, expect, it } from 'vitest';
import { formatHundredths, formatInteger, fromHundredths } from './format.js';

describe('formatHundredths', () => {
  it('writes hundredths as a decimal without trailing zeros', () => {
    expect([325, 150, 300, 5, 0, 1010, -5, -250].map(formatHundredths)).toEqual([
      '3.25',
      '1.5',
      '3',
      '0.05',
      '0',
      '10.1',
      '−0.05',
      '−2.5',
    ]);
  });

  it('round-trips through Number() to the same answer value', () => {
    for (let h = -20_000; h <= 20_000; h += 7) {
      expect(Number(formatHundredths(h).replace('−', '-'))).toBe(fromHundredths(h));
    }
  });
});

describe('formatInteger', () => {
  it('uses the typographic minus', () => {
    expect(formatInteger(-7)).toBe('−7');
    expect(formatInteger(12)).toBe('12');
  });
});
