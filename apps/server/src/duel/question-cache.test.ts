import { describe, expect, it } from 'vitest';
import { buildQuestions } from './duel.machine.js';
import { QuestionCache } from './question-cache.js';

describe('QuestionCache', () => {
  it('is bounded by the questions it holds, not by the games: five-minute sets take five times the room', () => {
    const cache = new QuestionCache(1500);
    const oneMinute = buildQuestions('one', 1);
    const fiveMinutes = buildQuestions('five', 5);
    for (let i = 0; i < 10; i++) cache.remember(`short-${i}`, oneMinute);
    expect(cache.size).toBe(1500);
    expect(cache.get('short-0')).toBe(oneMinute);
    cache.remember('long', fiveMinutes);
    // The oldest five one-minute sets made way for the five-minute one.
    expect(cache.size).toBe(1500);
    expect(cache.get('short-4')).toBeUndefined();
    expect(cache.get('short-5')).toBe(oneMinute);
    expect(cache.get('long')).toBe(fiveMinutes);
    cache.remember('long', fiveMinutes);
    expect(cache.size).toBe(1500);
  });

  it('keeps the newest set even when it alone is over the bound', () => {
    const cache = new QuestionCache(10);
    cache.remember('a', buildQuestions('a', 1));
    expect(cache.get('a')).toBeDefined();
  });
});
