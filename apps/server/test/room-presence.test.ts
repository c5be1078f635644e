/**
 * The per-process presence lists of room-presence.ts (issue #5 "surviving the loss of one"): a
 * pair counts as held only while its process's lease expiry is ahead, a process that lets a pair go
 * learns whether another still holds it, and a survivor takes a dead process's list once, getting
 * back only the seats nobody alive holds. The owner is forgotten only when it holds neither rooms
 * nor pairs; one that only stalled is fenced, so its next renewal tells it to list its seats again.
 * Needs TEST_REDIS_URL (skipped without it, saying so).
 */
import { describe, expect, it } from 'vitest';
import { duelKeys } from '../src/duel/redis-room-store.js';
import { LEASE_TTL_MS, RoomLeases } from '../src/duel/room-leases.js';
import { RoomPresence } from '../src/duel/room-presence.js';
import { NO_REDIS, redisPerTest, testRedisUrl } from './helpers/redis.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const byCode = <T extends { code: string; userId: string }>(seats: T[]) => [...seats].sort((x, y) => (x.code + x.userId).localeCompare(y.code + y.userId));

describe.skipIf(!testRedisUrl)(`room presence lists (needs ${NO_REDIS})`, () => {
  const redisFor = redisPerTest();

  /** A process: its own connection, its leases and its presence list under one owner id. */
  async function processOf(owner: string): Promise<{ leases: RoomLeases; presence: RoomPresence }> {
    const handle = await redisFor.open();
    return { leases: new RoomLeases(handle, owner), presence: new RoomPresence(handle, owner) };
  }
  const owners = async () => (await redisFor.admin().client.zrange(duelKeys(redisFor.prefix()).leaseOwners, '0', '-1')).sort();

  it('counts a pair as held only while its process is alive, and tells a process letting go whether another holds it', async () => {
    const a = await processOf('host-a:1');
    const b = await processOf('host-b:2');
    // Listing a pair enters a process that has not renewed yet as alive.
    await a.presence.add('ROOM01', 'ann');
    expect(await owners()).toEqual(['host-a:1']);
    expect(await b.presence.held('ROOM01', 'ann')).toBe(true);
    expect(await b.presence.held('ROOM01', 'bob')).toBe(false);

    // Ann's second tab on b: letting go on a finds b still holding her.
    await b.presence.add('ROOM01', 'ann');
    expect(await a.presence.leave('ROOM01', 'ann')).toBe(true);
    expect(await b.presence.leave('ROOM01', 'ann')).toBe(false);
    expect(await a.presence.held('ROOM01', 'ann')).toBe(false);

    // A pair listed by a process whose expiry passed is not held.
    await a.presence.add('ROOM02', 'cat');
    await sleep(LEASE_TTL_MS + 100);
    expect(await b.presence.held('ROOM02', 'cat')).toBe(false);
  });

  it("hands a survivor the dead process's seats nobody else holds, once, then forgets the owner", async () => {
    const a = await processOf('host-a:3');
    const b = await processOf('host-b:4');
    await a.presence.add('ROOM01', 'ann');
    await a.presence.add('ROOM01', 'bob');
    await a.presence.add('ROOM02', 'cat');
    await a.leases.claim('ROOM01', 'game-1');
    await b.presence.add('ROOM01', 'bob'); // Bob came back through b already.

    // a is alive: nothing to take.
    await b.leases.renew(() => []);
    expect(await b.presence.takeAbsent()).toEqual([]);

    await sleep(LEASE_TTL_MS / 2);
    await b.leases.renew(() => []);
    await sleep(LEASE_TTL_MS / 2 + 150);
    expect(byCode(await b.presence.takeAbsent())).toEqual([
      { code: 'ROOM01', userId: 'ann' },
      { code: 'ROOM02', userId: 'cat' },
    ]);
    expect(await b.presence.takeAbsent()).toEqual([]);
    // a still holds a room lease, so it is kept until that is taken too.
    expect(await owners()).toEqual(['host-a:3', 'host-b:4']);
    expect(await b.leases.takeExpired()).toEqual([{ code: 'ROOM01', gameId: 'game-1' }]);
    expect(await owners()).toEqual(['host-b:4']);
  });

  it('fences a process that stalled past its expiry, so it lists its seats again', async () => {
    const a = await processOf('host-a:5');
    const b = await processOf('host-b:6');
    await a.leases.renew(() => []);
    await a.presence.add('ROOM01', 'ann');
    await sleep(LEASE_TTL_MS + 150);
    await b.leases.renew(() => []);
    expect(await b.presence.takeAbsent()).toEqual([{ code: 'ROOM01', userId: 'ann' }]);
    expect(await owners()).toEqual(['host-b:6']);

    // a wakes up: its renewal says it was fenced, and its pairs count again once listed.
    expect(await a.leases.renew(() => [])).toEqual({ fenced: true, lost: [] });
    expect(await b.presence.held('ROOM01', 'ann')).toBe(false);
    await a.presence.add('ROOM01', 'ann');
    expect(await b.presence.held('ROOM01', 'ann')).toBe(true);
    expect(await a.leases.renew(() => [])).toEqual({ fenced: false, lost: [] });
  });
});
