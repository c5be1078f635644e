/**
 * Who drives a running Math Challenge's clock when several processes share Redis: exactly one
 * process at a time, through a lease per room that expires with its holder (issue #5). The process
 * that starts a game takes its room's lease. A process keeps all its leases alive at once, renewing
 * its own expiry every RENEW_EVERY_MS (one O(1) script call, whatever the number of rooms); when it
 * dies, its expiry passes after LEASE_TTL_MS and a survivor, scanning every SCAN_EVERY_MS, claims its
 * rooms, so a room is taken over within LEASE_TTL_MS + SCAN_EVERY_MS (1.4 s) of the last renewal.
 *
 * Renewing each room's lease on its own (one hash read and one sorted-set write per room, every
 * 400 ms) held Redis for about 1.4 ms per 500 rooms on the bench machine (an idle Redis, 50 calls),
 * with every command that reached Redis meanwhile, an answer's among them, waiting behind it.
 *
 * Key layout (P duel:lease, P duel:lease-owners, P duel:lease-rooms:{owner}, P duel:lease-fenced):
 * redis-keys.ts.
 *
 * Two processes may briefly both believe they drive a room (a stalled owner that has not yet
 * renewed); that costs at most a duplicate timerUpdate, since ending the game is a compare-and-set
 * on the room (redis-room-store.ts) that only one of them wins.
 */
import type { Redis } from 'ioredis';
import { withScripts, type RedisHandle } from '../platform/redis.js';
import { duelKeys } from './redis-keys.js';

/** Lease lifetime: three renewals may be missed (a busy event loop, a GC pause) before a survivor
 * takes the rooms, and a dead owner's rooms move within the 2 s the issue allows. */
export const LEASE_TTL_MS = 1200;
export const RENEW_EVERY_MS = 400;
/** How often a process looks for expired owners. */
export const SCAN_EVERY_MS = 200;
/** Rooms one scan claims at most (the rest wait 200 ms for the next scan or another process). */
const CLAIM_BATCH = 500;
/** Fenced owners are forgotten after a day: a process stalled that long has long been restarted. */
const FENCE_KEPT_MS = 24 * 3600_000;

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: leases, owners. ARGV: owner, game id, ttl, code, owned-set prefix. */
const CLAIM_SCRIPT = `${NOW_MS}
local previous = redis.call('HGET', KEYS[1], ARGV[4])
if previous then redis.call('SREM', ARGV[5] .. string.match(previous, '^(.*) '), ARGV[4]) end
redis.call('HSET', KEYS[1], ARGV[4], ARGV[1] .. ' ' .. ARGV[2])
redis.call('SADD', ARGV[5] .. ARGV[1], ARGV[4])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
return 1`;

/** KEYS: owners, fenced. ARGV: owner, ttl. Returns 1 when rooms of the owner were taken over
 * since its last renewal (it was fenced), else 0. */
const RENEW_SCRIPT = `${NOW_MS}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return redis.call('ZREM', KEYS[2], ARGV[1])`;

/** KEYS: leases. ARGV: owner, codes… Returns the codes whose lease no longer names the owner. */
const LOST_SCRIPT = `
local lost = {}
local mine = ARGV[1] .. ' '
for i = 2, #ARGV do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if not v or string.sub(v, 1, #mine) ~= mine then lost[#lost + 1] = ARGV[i] end
end
return lost`;

/** KEYS: leases, owners, fenced. ARGV: owner, ttl, limit, owned-set prefix, fence kept ms,
 * presence-set prefix. Claims the rooms of owners whose expiry passed; returns code, game id pairs.
 * An owner is forgotten once it holds no room and no presence pair (room-presence.ts takes those). */
const TAKE_EXPIRED_SCRIPT = `${NOW_MS}
local out = {}
local budget = tonumber(ARGV[3])
local mine = ARGV[4] .. ARGV[1]
for _, owner in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 10)) do
  if owner ~= ARGV[1] then
    redis.call('ZADD', KEYS[3], 'NX', now, owner)
    local rooms = ARGV[4] .. owner
    local prefix = owner .. ' '
    local codes = redis.call('SPOP', rooms, budget)
    for _, code in ipairs(codes) do
      local v = redis.call('HGET', KEYS[1], code)
      if v and string.sub(v, 1, #prefix) == prefix then
        local game = string.sub(v, #prefix + 1)
        redis.call('HSET', KEYS[1], code, ARGV[1] .. ' ' .. game)
        redis.call('SADD', mine, code)
        out[#out + 1] = code
        out[#out + 1] = game
      end
    end
    budget = budget - #codes
    if redis.call('SCARD', rooms) == 0 and redis.call('SCARD', ARGV[6] .. owner) == 0 then redis.call('ZREM', KEYS[2], owner) end
    if budget <= 0 then break end
  end
end
if #out > 0 then redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[1]) end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[5]))
return out`;

/** KEYS: leases. ARGV: game id, owned-set prefix, codes… Drops the leases of those codes held for
 * that game, whoever holds them. */
const RELEASE_SCRIPT = `
for i = 3, #ARGV do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if v and string.match(v, ' (.*)$') == ARGV[1] then
    redis.call('HDEL', KEYS[1], ARGV[i])
    redis.call('SREM', ARGV[2] .. string.match(v, '^(.*) '), ARGV[i])
  end
end
return 1`;

/** KEYS: owners. ARGV: owner. Expires all the owner's leases now (hand-over at shutdown). */
const EXPIRE_SCRIPT = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then redis.call('ZADD', KEYS[1], 0, ARGV[1]) end
return 1`;

interface LeaseCommands {
  leaseClaim(leases: string, owners: string, owner: string, gameId: string, ttl: number, code: string, ownedPrefix: string): Promise<number>;
  leaseRenew(owners: string, fenced: string, owner: string, ttl: number): Promise<number>;
  leaseLost(leases: string, owner: string, ...codes: string[]): Promise<string[]>;
  leaseTakeExpired(
    leases: string,
    owners: string,
    fenced: string,
    owner: string,
    ttl: number,
    limit: number,
    ownedPrefix: string,
    fenceKeptMs: number,
    presencePrefix: string,
  ): Promise<string[]>;
  leaseRelease(leases: string, gameId: string, ownedPrefix: string, ...codes: string[]): Promise<number>;
  leaseExpire(owners: string, owner: string): Promise<number>;
}

export class RoomLeases {
  private readonly redis: Redis & LeaseCommands;
  private readonly keys: ReturnType<typeof duelKeys>;

  /** @param owner - this process's id, unique among the processes sharing the Redis, without spaces. */
  constructor(
    handle: RedisHandle,
    readonly owner: string,
  ) {
    this.redis = withScripts<LeaseCommands>(handle.client, {
      leaseClaim: { numberOfKeys: 2, lua: CLAIM_SCRIPT },
      leaseRenew: { numberOfKeys: 2, lua: RENEW_SCRIPT },
      leaseLost: { numberOfKeys: 1, lua: LOST_SCRIPT },
      leaseTakeExpired: { numberOfKeys: 3, lua: TAKE_EXPIRED_SCRIPT },
      leaseRelease: { numberOfKeys: 1, lua: RELEASE_SCRIPT },
      leaseExpire: { numberOfKeys: 1, lua: EXPIRE_SCRIPT },
    });
    this.keys = duelKeys(handle.prefix);
  }

  /** Takes the lease of `code` for `gameId` (a game this process has just started). */
  async claim(code: string, gameId: string): Promise<void> {
    const { lease, leaseOwners, leaseRoomsPrefix } = this.keys;
    await this.redis.leaseClaim(lease, leaseOwners, this.owner, gameId, LEASE_TTL_MS, code, leaseRoomsPrefix);
  }

  /** Renews every lease this process holds. `fenced`: a survivor took this process's rooms or
   * presence list since its last renewal (it stalled past its expiry); `lost`: the rooms it drives
   * (`driven`, asked only when fenced) that it no longer holds. */
  async renew(driven: () => string[]): Promise<{ fenced: boolean; lost: string[] }> {
    const fenced = (await this.redis.leaseRenew(this.keys.leaseOwners, this.keys.leaseFenced, this.owner, LEASE_TTL_MS)) !== 0;
    const codes = fenced ? driven() : [];
    if (codes.length === 0) return { fenced, lost: [] };
    return { fenced, lost: await this.redis.leaseLost(this.keys.lease, this.owner, ...codes) };
  }

  /** Claims the rooms of processes that stopped renewing; returns the rooms and their game ids. */
  async takeExpired(): Promise<Array<{ code: string; gameId: string }>> {
    const { lease, leaseOwners, leaseFenced, leaseRoomsPrefix, presencePrefix } = this.keys;
    const flat = await this.redis.leaseTakeExpired(lease, leaseOwners, leaseFenced, this.owner, LEASE_TTL_MS, CLAIM_BATCH, leaseRoomsPrefix, FENCE_KEPT_MS, presencePrefix);
    const out: Array<{ code: string; gameId: string }> = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ code: flat[i]!, gameId: flat[i + 1]! });
    return out;
  }

  /** Drops the lease of `code` when it is held for `gameId` (that game ended), whoever holds it. */
  async release(code: string, gameId: string): Promise<void> {
    await this.redis.leaseRelease(this.keys.lease, gameId, this.keys.leaseRoomsPrefix, code);
  }

  /** Lets other processes take over every room of this process at once (a graceful shutdown). */
  async expire(): Promise<void> {
    await this.redis.leaseExpire(this.keys.leaseOwners, this.owner);
  }
}
