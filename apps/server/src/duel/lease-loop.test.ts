/**
 * The lease loop's retry of finished games nobody stored (lease-loop.ts): it looks for them every
 * UNRECORDED_EVERY_MS (5 s) of the server's clock, the injected one, so a test's manual clock
 * decides when the retry runs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FinishedDuel } from './finished-duel.js';
import { ManualClock } from '../platform/clock.js';
import { createLogger } from '../platform/logger.js';
import { startLeaseLoop, type LeaseLoop, type LeaseLoopDeps } from './lease-loop.js';

const game = { gameId: 'g-left-unstored' } as FinishedDuel;

function harness(clock: ManualClock) {
  const unrecorded = vi.fn(async () => [game]);
  const record = vi.fn();
  const deps = {
    leases: { renew: async () => ({ fenced: false, lost: [] }), takeExpired: async () => [], release: async () => {} },
    store: { get: async () => undefined, unrecorded },
    clocks: { driven: () => [], undrive: () => {}, follow: () => {} },
    clockOf: () => {
      throw new Error('no room is taken over here');
    },
    record,
    presence: { takeAbsent: async () => [] },
    absent: async () => {},
    reassert: async () => {},
    clock,
    logger: createLogger('silent'),
  } as unknown as LeaseLoopDeps;
  return { deps, unrecorded, record };
}

let loop: LeaseLoop | undefined;
afterEach(async () => {
  await loop?.stop();
  vi.useRealTimers();
});

describe('the lease loop', () => {
  it('hands unstored finished games to the rating service again once 5 s of the server clock have passed', async () => {
    // Only the loop's own timer is faked: the rounds below are run by hand.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = new ManualClock(Date.UTC(2026, 4, 4, 9));
    const { deps, unrecorded, record } = harness(clock);
    loop = startLeaseLoop(deps);

    await loop.round();
    clock.advance(4_999);
    await loop.round();
    expect(unrecorded).not.toHaveBeenCalled();

    clock.advance(1);
    await loop.round();
    expect(unrecorded).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledWith(game);

    // The next look is 5 s of that clock later, not sooner.
    await loop.round();
    expect(unrecorded).toHaveBeenCalledTimes(1);
  });
});
