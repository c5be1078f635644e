import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paceFlagSchema, soloRunEndShape } from './fair-play.js';

describe('fair-play wire fields (issue #47)', () => {
  const end = z.object(soloRunEndShape);

  it('reads a flagged run end and a personal best', () => {
    expect(end.parse({ paceFlag: 'answered faster than a person can', personalBest: 1280 })).toEqual({
      paceFlag: 'answered faster than a person can',
      personalBest: 1280,
    });
    expect(end.parse({ personalBest: null })).toEqual({ personalBest: null });
  });

  it('drops unreadable values instead of failing the reply', () => {
    expect(end.parse({ paceFlag: 42, personalBest: 'lots' })).toEqual({});
    expect(paceFlagSchema.safeParse('').success).toBe(false);
  });
});
