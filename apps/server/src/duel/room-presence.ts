/**
 * Which process holds which player's connection to a Math Challenge room, when several processes
 * share Redis (issue #5 "surviving the loss of one"). A seat's `connected` flag (duel.machine.ts) is
 * written by the process whose socket attaches or drops; a process killed with kill -9 writes
 * nothing, so without this a player who never came back would stay "connected" to the opponent and
 * keep the room alive for ROOM_TTL_MS (6 h) instead of DUEL_ROOM_IDLE_MS (10 min).
 *
 * Each process lists the (room, player) pairs it has at least one socket attached to, under its
 * lease owner id (room-leases.ts), whose expiry in `P duel:lease-owners` says whether it is alive.
 * A survivor that finds an owner expired takes its list and reports the pairs no live process holds:
 * those seats are marked disconnected (lease-loop.ts). A pair is "held" when any live owner lists it,
 * which also keeps a seat connected while the player's other tab, on another process, stays open.
 *
 * Key layout (P duel:presence:{owner}, beside the leases): redis-keys.ts.
 */
import type { Redis } from 'ioredis';
import { withScripts, type RedisHandle } from '../platform/redis.js';
import { duelKeys } from './redis-keys.js';
import { LEASE_TTL_MS } from './room-leases.js';

/** Pairs one take-over hands back at most (the rest wait for the next scan, 200 ms later). */
const TAKE_BATCH = 1000;

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Lua: `held(member)` is true when some owner whose expiry is still ahead lists `member`.
 * Expects `now`, KEYS[1] (owners) and ARGV[2] (presence prefix). */
const HELD_FN = `
local function held(member)
  for _, owner in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf')) do
    if redis.call('SISMEMBER', ARGV[2] .. owner, member) == 1 then return true end
  end
  return false
end`;

/** KEYS: owners. ARGV: owner, presence prefix, member, ttl. Lists the pair; a process that has
 * not renewed yet (just started) is entered as alive. */
const ADD_SCRIPT = `${NOW_MS}
redis.call('SADD', ARGV[2] .. ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[1], 'NX', now + tonumber(ARGV[4]), ARGV[1])
return 1`;

/** KEYS: owners. ARGV: owner, presence prefix, member. Unlists the pair; returns 1 when another
 * live process still holds it, else 0. */
const LEAVE_SCRIPT = `${NOW_MS}${HELD_FN}
redis.call('SREM', ARGV[2] .. ARGV[1], ARGV[3])
return held(ARGV[3]) and 1 or 0`;

/** KEYS: owners. ARGV: unused, presence prefix, member. Returns 1 when a live process holds it. */
const HELD_SCRIPT = `${NOW_MS}${HELD_FN}
return held(ARGV[3]) and 1 or 0`;

/**
 * KEYS: owners, fenced. ARGV: owner, presence prefix, limit, lease room-set prefix.
 * Takes the lists of owners whose expiry passed (marking them fenced, as a lease take-over does,
 * so one that only stalled re-lists its pairs), drops an owner once it holds neither rooms nor
 * pairs, and returns the pairs no live owner holds.
 */
const TAKE_SCRIPT = `${NOW_MS}${HELD_FN}
local out = {}
local budget = tonumber(ARGV[3])
for _, owner in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 10)) do
  if owner ~= ARGV[1] then
    local set = ARGV[2] .. owner
    if redis.call('SCARD', set) > 0 then
      redis.call('ZADD', KEYS[2], 'NX', now, owner)
      local members = redis.call('SPOP', set, budget)
      for _, member in ipairs(members) do
        if not held(member) then out[#out + 1] = member end
      end
      budget = budget - #members
    end
    if redis.call('SCARD', set) == 0 and redis.call('SCARD', ARGV[4] .. owner) == 0 then
      redis.call('ZREM', KEYS[1], owner)
    end
    if budget <= 0 then break end
  end
end
return out`;

interface PresenceCommands {
  presenceAdd(owners: string, owner: string, prefix: string, member: string, ttl: number): Promise<number>;
  presenceLeave(owners: string, owner: string, prefix: string, member: string): Promise<number>;
  presenceHeld(owners: string, unused: string, prefix: string, member: string): Promise<number>;
  presenceTake(owners: string, fenced: string, owner: string, prefix: string, limit: number, roomsPrefix: string): Promise<string[]>;
}

/** A player's seat in a room, as the presence lists name it. */
export interface SeatRef {
  code: string;
  userId: string;
}

const memberOf = (code: string, userId: string): string => `${code} ${userId}`;

/** This process's presence list, under the same owner id as its leases (room-leases.ts). */
export class RoomPresence {
  private readonly redis: Redis & PresenceCommands;
  private readonly keys: ReturnType<typeof duelKeys>;

  /** @param owner - the process's lease owner id (unique, without spaces). */
  constructor(
    handle: RedisHandle,
    readonly owner: string,
  ) {
    this.redis = withScripts<PresenceCommands>(handle.client, {
      presenceAdd: { numberOfKeys: 1, lua: ADD_SCRIPT },
      presenceLeave: { numberOfKeys: 1, lua: LEAVE_SCRIPT },
      presenceHeld: { numberOfKeys: 1, lua: HELD_SCRIPT },
      presenceTake: { numberOfKeys: 2, lua: TAKE_SCRIPT },
    });
    this.keys = duelKeys(handle.prefix);
  }

  /** Lists `userId` in room `code` as held here (a socket of theirs attached to the room here). */
  async add(code: string, userId: string): Promise<void> {
    await this.redis.presenceAdd(this.keys.leaseOwners, this.owner, this.keys.presencePrefix, memberOf(code, userId), LEASE_TTL_MS);
  }

  /** Unlists the pair here (no socket of the player is attached to the room here any more).
   * Resolves true when another live process still holds it. */
  async leave(code: string, userId: string): Promise<boolean> {
    return (await this.redis.presenceLeave(this.keys.leaseOwners, this.owner, this.keys.presencePrefix, memberOf(code, userId))) === 1;
  }

  /** True when some live process (this one included) holds the pair. */
  async held(code: string, userId: string): Promise<boolean> {
    return (await this.redis.presenceHeld(this.keys.leaseOwners, '', this.keys.presencePrefix, memberOf(code, userId))) === 1;
  }

  /** Takes the lists of processes whose lease expiry passed (dead, or stalled past it); returns
   * the seats no live process holds, each once. */
  async takeAbsent(): Promise<SeatRef[]> {
    const { leaseOwners, leaseFenced, presencePrefix, leaseRoomsPrefix } = this.keys;
    const members = await this.redis.presenceTake(leaseOwners, leaseFenced, this.owner, presencePrefix, TAKE_BATCH, leaseRoomsPrefix);
    return members.map((member) => {
      const space = member.indexOf(' ');
      return { code: member.slice(0, space), userId: member.slice(space + 1) };
    });
  }
}
