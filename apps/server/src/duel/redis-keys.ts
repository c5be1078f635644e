/**
 * The Math Challenge's key layout in Redis (REDIS_URL set), in one place: the rooms
 * (redis-room-store.ts), the clock leases (room-leases.ts), the presence lists (room-presence.ts)
 * and the seat-change lock (duel.service.ts) all name their keys from here.
 *
 * Layout, under the key prefix P (config REDIS_KEY_PREFIX):
 *  - P duel:room:{code}   hash: v (version of the whole room), sv ("version:gameId" at its last
 *                         write of the whole room: the game id tells a room apart from an earlier
 *                         one under the same code), s (the room as JSON without its questions, as of that
 *                         write), p0, p1… (a seat's progress since then: "version:score:current",
 *                         written by a progress-only change; a whole-room write removes them),
 *                         qid (the game id the questions belong to), q (the questions as JSON,
 *                         written once per game: each process caches them by game id, so an
 *                         answer moves only the small `p`).
 *                         Expires DUEL_ROOM_IDLE_MS after nobody is connected (the idle sweep of the
 *                         memory store, done by Redis), else ROOM_TTL_MS after its last change.
 *  - P duel:user:{userId} the code of the room the user sits in.
 *  - P duel:finished      hash gameId → FinishedDuel JSON, written in the same script as the
 *                         transition that ended the game, deleted once the game is in the database;
 *    P duel:finished-at   sorted set of the same ids by when they were written or last claimed.
 *  - P duel:lease           hash room code → "owner gameId": who drives the room, for which game
 *                           (so ending a game releases that game's lease and never a rematch's);
 *  - P duel:lease-owners    sorted set owner → expiry, epoch ms by Redis's own clock (the
 *                           processes' clocks need not agree);
 *  - P duel:lease-rooms:{owner}  set of the room codes the owner holds, for the take-over;
 *  - P duel:lease-fenced    sorted set owner → when a survivor began taking its rooms or its
 *                           presence list (room-presence.ts): a process that stalled past its expiry
 *                           finds itself here at its next renewal and learns which of its rooms it
 *                           lost (and lists its players again).
 *  - P duel:presence:{owner}   set of "code userId" pairs the owner holds. The owner stays in
 *                           `P duel:lease-owners` until both its room set and this set are empty
 *                           (room-leases.ts TAKE_EXPIRED_SCRIPT checks both), so a dead owner's list
 *                           is always taken.
 *  - P duel-seat:lock:user:{userId}  a user's seat-change lock (platform/redis-locks.ts names it
 *                           `P {name}:lock:{key}` from SEAT_LOCK_NAME).
 * Scripts name the per-owner sets from a prefix argument, so this layout is for a single Redis
 * server (not Redis Cluster), which is what MathSprint runs on.
 */

/** Key names of the duel in Redis under key prefix `prefix` (see the layout above). */
export function duelKeys(prefix: string) {
  return {
    room: (code: string) => `${prefix}duel:room:${code}`,
    userPrefix: `${prefix}duel:user:`,
    user: (userId: string) => `${prefix}duel:user:${userId}`,
    finished: `${prefix}duel:finished`,
    finishedAt: `${prefix}duel:finished-at`,
    lease: `${prefix}duel:lease`,
    leaseOwners: `${prefix}duel:lease-owners`,
    leaseRoomsPrefix: `${prefix}duel:lease-rooms:`,
    leaseFenced: `${prefix}duel:lease-fenced`,
    /** Per-process sets of the (room, player) pairs it holds (room-presence.ts). */
    presencePrefix: `${prefix}duel:presence:`,
  };
}

/** Name of the users' seat-change locks (createRedisLocks; keys `P duel-seat:lock:user:{id}`). */
export const SEAT_LOCK_NAME = 'duel-seat';
