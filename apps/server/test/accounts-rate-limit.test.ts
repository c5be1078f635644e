/** The sliding-window limiter behind the login and account-creation limits (http/rate-limit.ts). */
import { describe, expect, it } from 'vitest';
import { createSlidingWindowLimiter } from '../src/http/rate-limit.js';
import { ManualClock } from '../src/platform/clock.js';

describe('sliding-window limiter', () => {
  it('allows max attempts per window, then says how long to wait', async () => {
    const clock = new ManualClock();
    const limiter = createSlidingWindowLimiter({ max: 3, windowMs: 10_000, clock });
    for (let i = 0; i < 3; i++) {
      expect(await limiter.consume('k')).toBe(0);
      clock.advance(1000);
    }
    // Attempts at t=0, 1 s and 2 s; now t=3 s: the first leaves the window at t=10 s.
    expect(await limiter.consume('k')).toBe(7000);
    expect(await limiter.consume('other')).toBe(0);
    clock.advance(6999);
    expect(await limiter.consume('k')).toBe(1);
    clock.advance(1);
    expect(await limiter.consume('k')).toBe(0);
    expect(await limiter.consume('k')).toBeGreaterThan(0);
  });

  it('slides: no burst of twice the limit across a window edge', async () => {
    const clock = new ManualClock();
    const limiter = createSlidingWindowLimiter({ max: 2, windowMs: 10_000, clock });
    clock.advance(9000);
    expect(await limiter.consume('k')).toBe(0);
    expect(await limiter.consume('k')).toBe(0);
    clock.advance(2000); // a fixed window would have reset here
    expect(await limiter.consume('k')).toBeGreaterThan(0);
  });

  it('does not count refused attempts', async () => {
    const clock = new ManualClock();
    const limiter = createSlidingWindowLimiter({ max: 1, windowMs: 1000, clock });
    expect(await limiter.consume('k')).toBe(0);
    for (let i = 0; i < 5; i++) expect(await limiter.consume('k')).toBeGreaterThan(0);
    clock.advance(1000);
    expect(await limiter.consume('k')).toBe(0);
  });

  it('forgives the latest attempt and resets a key', async () => {
    const clock = new ManualClock();
    const limiter = createSlidingWindowLimiter({ max: 2, windowMs: 1000, clock });
    await limiter.consume('k');
    await limiter.consume('k');
    expect(await limiter.consume('k')).toBeGreaterThan(0);
    await limiter.forgive('k');
    expect(await limiter.consume('k')).toBe(0);
    await limiter.reset('k');
    expect(await limiter.consume('k')).toBe(0);
    expect(await limiter.consume('k')).toBe(0);
  });

  it('bounds memory by forgetting the least recently used key', async () => {
    const clock = new ManualClock();
    const limiter = createSlidingWindowLimiter({ max: 1, windowMs: 60_000, clock, maxKeys: 2 });
    await limiter.consume('a');
    await limiter.consume('b');
    await limiter.consume('c'); // drops 'a'
    expect(await limiter.consume('a')).toBe(0);
    expect(await limiter.consume('c')).toBeGreaterThan(0);
  });
});
