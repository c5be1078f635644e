/**
 * Room clock leases between processes sharing Redis (issue #5, room-leases.ts): a process keeps all
 * its leases alive with one renewal, a survivor takes every room of a process that stopped
 * renewing, a process that stalled past its expiry learns at its next renewal which rooms it lost,
 * a game's end releases only that game's lease, and a shutdown hands every room over at once.
 * Needs TEST_REDIS_URL (skipped without it, saying so).
 */
import { describe, expect, it, vi } from 'vitest';
import { duelKeys } from '../src/duel/redis-room-store.js';
import { LEASE_TTL_MS, RoomLeases } from '../src/duel/room-leases.js';
import { NO_REDIS, redisPerTest, testRedisUrl } from './helpers/redis.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const codes = (from: number, count: number) => Array.from({ length: count }, (_, i) => `R${String(from + i).padStart(5, '0')}`);
const sorted = (values: string[]) => [...values].sort();

describe.skipIf(!testRedisUrl)(`room clock leases (needs ${NO_REDIS})`, () => {
  const redisFor = redisPerTest();

  /** A process's leases: its own connection and owner id. */
  async function leasesOf(owner: string): Promise<{ leases: RoomLeases; commands: () => number }> {
    const handle = await redisFor.open();
    const sent = vi.spyOn(handle.client, 'sendCommand');
    return { leases: new RoomLeases(handle, owner), commands: () => sent.mock.calls.length };
  }
  const holder = async (code: string) => (await redisFor.admin().client.hget(duelKeys(redisFor.prefix()).lease, code))?.split(' ')[0];

  it('renews every room of a process in one command, and a survivor takes them all once their owner stops', async () => {
    const a = await leasesOf('host-a:1');
    const b = await leasesOf('host-b:2');
    const rooms = codes(0, 300);
    for (const code of rooms) await a.leases.claim(code, `game-${code}`);
    await b.leases.renew(() => []);

    const before = a.commands();
    expect(await a.leases.renew(() => rooms)).toEqual({ fenced: false, lost: [] });
    expect(a.commands() - before).toBe(1);
    expect(await b.leases.takeExpired()).toEqual([]);

    // a stops renewing; b keeps its own lease alive meanwhile.
    await sleep(LEASE_TTL_MS / 2);
    await b.leases.renew(() => []);
    await sleep(LEASE_TTL_MS / 2 + 150);
    const taken = await b.leases.takeExpired();
    expect(sorted(taken.map((t) => t.code))).toEqual(rooms);
    expect(taken.every((t) => t.gameId === `game-${t.code}`)).toBe(true);
    expect(await holder(rooms[0]!)).toBe('host-b:2');
    expect(await b.leases.takeExpired()).toEqual([]);
  });

  it('tells a process that stalled past its expiry which rooms it lost, and leaves it the rest', async () => {
    const a = await leasesOf('host-a:3');
    const b = await leasesOf('host-b:4');
    // More rooms than one take-over claims (500): the stalled owner revives before the second scan.
    const rooms = codes(1000, 600);
    for (const code of rooms) await a.leases.claim(code, 'g');
    await sleep(LEASE_TTL_MS + 150);
    await b.leases.renew(() => []);
    const taken = (await b.leases.takeExpired()).map((t) => t.code);
    expect(taken).toHaveLength(500);

    // a wakes up: its renewal reports exactly the rooms b took, and b takes nothing more.
    const renewal = await a.leases.renew(() => rooms);
    expect(renewal.fenced).toBe(true);
    expect(sorted(renewal.lost)).toEqual(sorted(taken));
    expect(await b.leases.takeExpired()).toEqual([]);
    const kept = rooms.filter((code) => !taken.includes(code));
    expect(kept).toHaveLength(100);
    for (const code of kept) expect(await holder(code)).toBe('host-a:3');
    // The next renewal is the ordinary one again.
    expect(await a.leases.renew(() => kept)).toEqual({ fenced: false, lost: [] });
  });

  it("releases only the ended game's lease, and hands every room over at once on shutdown", async () => {
    const a = await leasesOf('host-a:5');
    const b = await leasesOf('host-b:6');
    await a.leases.claim('REL001', 'game-1');
    await a.leases.release('REL001', 'game-0');
    expect(await holder('REL001')).toBe('host-a:5');
    await a.leases.release('REL001', 'game-1');
    expect(await holder('REL001')).toBeUndefined();

    await a.leases.claim('OUT001', 'g1');
    await a.leases.claim('OUT002', 'g2');
    await b.leases.renew(() => []);
    await a.leases.expire();
    const taken = await b.leases.takeExpired();
    // The released room is not handed over: it is no longer a's.
    expect(taken.sort((x, y) => x.code.localeCompare(y.code))).toEqual([
      { code: 'OUT001', gameId: 'g1' },
      { code: 'OUT002', gameId: 'g2' },
    ]);
  });
});
