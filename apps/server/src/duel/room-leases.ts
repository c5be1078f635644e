/**
 * Who drives a running Math Challenge's clock when several processes share Redis: exactly one
 * process at a time, through a lease with an expiry per room (issue #5). The process that starts a
 * game takes its lease; it renews all its leases in one script call every RENEW_EVERY_MS; when it
 * dies, its leases expire after LEASE_TTL_MS and a survivor, scanning every SCAN_EVERY_MS, claims
 * them, so a room is taken over within LEASE_TTL_MS + SCAN_EVERY_MS (1.4 s) of the last renewal.
 *
 * A lease is one hash field (code → "owner gameId") plus one sorted-set entry (code → expiry, epoch
 * ms by Redis's own clock, so the processes' clocks need not agree). It names the game it is for, so
 * ending a game releases that game's lease and never the lease of a rematch started meanwhile.
 * Two processes may briefly both believe they drive a room (a stalled owner that has not yet seen
 * its renewal fail); that costs at most a duplicate timerUpdate, since ending the game is a
 * compare-and-set on the room (redis-room-store.ts) that only one of them wins.
 */
import type { Redis } from 'ioredis';
import type { RedisHandle } from '../platform/redis.js';
import { duelKeys } from './redis-room-store.js';

/** Lease lifetime: three renewals may be missed (a busy event loop, a GC pause) before a survivor
 * takes the room, and a dead owner's rooms move within the 2 s the issue allows. */
export const LEASE_TTL_MS = 1200;
export const RENEW_EVERY_MS = 400;
/** How often a process looks for expired leases. */
export const SCAN_EVERY_MS = 200;
/** Expired leases one scan claims at most (the rest wait 200 ms for the next scan or another process). */
const CLAIM_BATCH = 500;

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: owners, expiries. ARGV: owner, game id, ttl, code. */
const CLAIM_SCRIPT = `${NOW_MS}
redis.call('HSET', KEYS[1], ARGV[4], ARGV[1] .. ' ' .. ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[4])
return 1`;

/** KEYS: owners, expiries. ARGV: owner, ttl, codes… Returns the codes no longer held by owner. */
const RENEW_SCRIPT = `${NOW_MS}
local lost = {}
local mine = ARGV[1] .. ' '
for i = 3, #ARGV do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if v and string.sub(v, 1, #mine) == mine then
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[i])
  else
    lost[#lost + 1] = ARGV[i]
  end
end
return lost`;

/** KEYS: owners, expiries. ARGV: owner, ttl, limit. Claims expired leases; returns code, game id pairs. */
const TAKE_EXPIRED_SCRIPT = `${NOW_MS}
local codes = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, code in ipairs(codes) do
  local v = redis.call('HGET', KEYS[1], code)
  if v then
    local game = string.match(v, ' (.*)$') or ''
    redis.call('HSET', KEYS[1], code, ARGV[1] .. ' ' .. game)
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), code)
    out[#out + 1] = code
    out[#out + 1] = game
  else
    redis.call('ZREM', KEYS[2], code)
  end
end
return out`;

/** KEYS: owners, expiries. ARGV: game id, codes… Drops the leases of those codes held for that game. */
const RELEASE_SCRIPT = `
for i = 2, #ARGV do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if v and string.match(v, ' (.*)$') == ARGV[1] then
    redis.call('HDEL', KEYS[1], ARGV[i])
    redis.call('ZREM', KEYS[2], ARGV[i])
  end
end
return 1`;

/** KEYS: owners, expiries. ARGV: owner, codes… Expires the owner's leases now (hand-over at shutdown). */
const EXPIRE_SCRIPT = `
local mine = ARGV[1] .. ' '
for i = 2, #ARGV do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if v and string.sub(v, 1, #mine) == mine then redis.call('ZADD', KEYS[2], 0, ARGV[i]) end
end
return 1`;

interface LeaseCommands {
  leaseClaim(owners: string, expiries: string, owner: string, gameId: string, ttl: number, code: string): Promise<number>;
  leaseRenew(owners: string, expiries: string, owner: string, ttl: number, ...codes: string[]): Promise<string[]>;
  leaseTakeExpired(owners: string, expiries: string, owner: string, ttl: number, limit: number): Promise<string[]>;
  leaseRelease(owners: string, expiries: string, gameId: string, ...codes: string[]): Promise<number>;
  leaseExpire(owners: string, expiries: string, owner: string, ...codes: string[]): Promise<number>;
}

export class RoomLeases {
  private readonly redis: Redis & LeaseCommands;
  private readonly owners: string;
  private readonly expiries: string;

  /** @param owner - this process's id, unique among the processes sharing the Redis. */
  constructor(
    handle: RedisHandle,
    readonly owner: string,
  ) {
    const client = handle.client as Redis & Partial<LeaseCommands>;
    if (!client.leaseClaim) {
      client.defineCommand('leaseClaim', { numberOfKeys: 2, lua: CLAIM_SCRIPT });
      client.defineCommand('leaseRenew', { numberOfKeys: 2, lua: RENEW_SCRIPT });
      client.defineCommand('leaseTakeExpired', { numberOfKeys: 2, lua: TAKE_EXPIRED_SCRIPT });
      client.defineCommand('leaseRelease', { numberOfKeys: 2, lua: RELEASE_SCRIPT });
      client.defineCommand('leaseExpire', { numberOfKeys: 2, lua: EXPIRE_SCRIPT });
    }
    this.redis = client as Redis & LeaseCommands;
    const keys = duelKeys(handle.prefix);
    this.owners = keys.leaseOwner;
    this.expiries = keys.leaseExpiry;
  }

  /** Takes the lease of `code` for `gameId` (a game this process has just started). */
  async claim(code: string, gameId: string): Promise<void> {
    await this.redis.leaseClaim(this.owners, this.expiries, this.owner, gameId, LEASE_TTL_MS, code);
  }

  /** Renews the leases of `codes`; returns those this process no longer holds. */
  async renew(codes: string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    return this.redis.leaseRenew(this.owners, this.expiries, this.owner, LEASE_TTL_MS, ...codes);
  }

  /** Claims leases whose owner stopped renewing them; returns the rooms and their game ids. */
  async takeExpired(): Promise<Array<{ code: string; gameId: string }>> {
    const flat = await this.redis.leaseTakeExpired(this.owners, this.expiries, this.owner, LEASE_TTL_MS, CLAIM_BATCH);
    const out: Array<{ code: string; gameId: string }> = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ code: flat[i]!, gameId: flat[i + 1]! });
    return out;
  }

  /** Drops the lease of `code` when it is held for `gameId` (that game ended), whoever holds it. */
  async release(code: string, gameId: string): Promise<void> {
    await this.redis.leaseRelease(this.owners, this.expiries, gameId, code);
  }

  /** Lets other processes take over `codes` at once (a graceful shutdown). */
  async expire(codes: string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.redis.leaseExpire(this.owners, this.expiries, this.owner, ...codes);
  }
}
