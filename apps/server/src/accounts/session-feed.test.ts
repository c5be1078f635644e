import { describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger.js';
import { createSessionFeed, SESSION_FEED_OVERLAP_MS, type SessionChanges } from './session-feed.js';

describe('session change feed', () => {
  it('forgets changed users, reads with an overlap, and clears the cache while reads fail', async () => {
    const asked: Array<number | null> = [];
    const replies: Array<SessionChanges | Error> = [
      { nowMs: 100_000, userIds: [] },
      { nowMs: 101_000, userIds: ['u1', 'u2'] },
      new Error('database unreachable'),
      { nowMs: 103_000, userIds: ['u3'] },
    ];
    const changed: string[][] = [];
    let cleared = 0;
    const feed = createSessionFeed({
      read: async (sinceMs) => {
        asked.push(sinceMs);
        const reply = replies.shift();
        if (!reply) return { nowMs: 200_000, userIds: [] };
        if (reply instanceof Error) throw reply;
        return reply;
      },
      onChanged: (ids) => changed.push([...ids]),
      onUnknown: () => cleared++,
      intervalMs: 60_000,
      logger: createLogger('silent'),
    });
    try {
      await feed.poll(); // the first read, started by createSessionFeed itself
      await feed.poll();
      await feed.poll();
      expect(cleared).toBe(1);
      await feed.poll();
      expect(changed).toEqual([['u1', 'u2'], ['u3']]);
      // The first read asks only for the clock; each later one from the last good read minus the overlap,
      // the one after a failure too.
      expect(asked).toEqual([null, 100_000 - SESSION_FEED_OVERLAP_MS, 101_000 - SESSION_FEED_OVERLAP_MS, 101_000 - SESSION_FEED_OVERLAP_MS]);
    } finally {
      feed.close();
    }
  });
});
