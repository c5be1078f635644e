import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { backoffMs, createFloodBackoff } from './flood-backoff.js';

const settings = { baseMs: 5_000, maxMs: 300_000, quietMs: 600_000 };

describe('flood back-off', () => {
  it('starts at the base, doubles per strike and stops at the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n, settings))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    expect(backoffMs(10_000, settings)).toBe(300_000);
  });

  it('in memory: refuses the address and the user of a strike, and nobody else', async () => {
    const backoff = createFloodBackoff({ settings, redis: null, logger: createLogger('silent') });
    expect(await backoff.strike({ ip: '1.2.3.4', userId: 'ann' })).toBe(5_000);
    expect(await backoff.check({ ip: '1.2.3.4' })).toBeGreaterThan(4_000);
    expect(await backoff.check({ ip: '5.6.7.8', userId: 'ann' })).toBeGreaterThan(4_000);
    expect(await backoff.check({ ip: '5.6.7.8', userId: 'bob' })).toBe(0);
    expect(await backoff.strike({ ip: '1.2.3.4' })).toBe(10_000);
    // Refused before the handshake only once told.
    expect(backoff.refuseEarly('1.2.3.4')).toBe(0);
    backoff.told('1.2.3.4');
    expect(backoff.refuseEarly('1.2.3.4')).toBeGreaterThan(9_000);
    expect(backoff.refuseEarly('5.6.7.8')).toBe(0);
  });
});
