/**
 * The Math Challenge room store for several processes (REDIS_URL set): any process can serve any
 * player of any room, because each room lives in Redis and every change is a compare-and-set on its
 * version (duel.machine.ts bumps `version` on every change it makes). A Lua script writes the new
 * room only if the stored version is still the one the transition ran on; otherwise it returns the
 * newer room and the store runs the (pure) transition again. Unlike a Colyseus room or a lila-ws
 * round actor, a room here has no home process: whichever process a player's socket reaches serves it.
 *
 * Layout, under the key prefix P (config REDIS_KEY_PREFIX):
 *  - P duel:room:{code}   hash: v (version), s (the room as JSON without its questions), qid (the
 *                         game id the questions belong to), q (the questions as JSON, written once
 *                         per game: each process caches them by game id, so an answer moves only
 *                         the small `s`).
 *                         Expires DUEL_ROOM_IDLE_MS after nobody is connected (the idle sweep of the
 *                         memory store, done by Redis), else ROOM_TTL_MS after its last change.
 *  - P duel:user:{userId} the code of the room the user sits in.
 *  - P duel:finished      hash gameId → FinishedDuel JSON, written in the same script as the
 *                         transition that ended the game, deleted once the game is in the database;
 *    P duel:finished-at   sorted set of the same ids by when they were written or last claimed.
 */
import type { Redis } from 'ioredis';
import type { RedisHandle } from '../platform/redis.js';
import type { FinishedDuel } from '../rating/finished-game.js';
import { DUEL_ROOM_IDLE_MS, type DuelQuestions, type DuelRoom } from './duel.machine.js';
import { changedRoom, finishedGameOf, type ChangeResult, type RoomStore, type UpdateOutcome } from './room-store.js';

/** A room still changing or with someone connected lives this long after its last change: a bound
 * for rooms whose players vanished with their process (no disconnect was ever seen for them). */
const ROOM_TTL_MS = 6 * 3600_000;
/** Compare-and-set attempts before giving up: two players and a clock write a room, so more than a
 * couple of conflicts in a row means something is wrong. */
const MAX_ATTEMPTS = 20;
/** Game ids whose questions a process keeps parsed (a few KB each). */
const QUESTION_CACHE_SIZE = 20_000;
/** Finished games handed back per `unrecorded` call. */
const UNRECORDED_BATCH = 100;

/** Key names of the duel in Redis (the leases of room-leases.ts live beside them). */
export function duelKeys(prefix: string) {
  return {
    room: (code: string) => `${prefix}duel:room:${code}`,
    userPrefix: `${prefix}duel:user:`,
    user: (userId: string) => `${prefix}duel:user:${userId}`,
    finished: `${prefix}duel:finished`,
    finishedAt: `${prefix}duel:finished-at`,
    leaseOwner: `${prefix}duel:lease`,
    leaseExpiry: `${prefix}duel:lease-exp`,
  };
}

/**
 * KEYS: room, finished hash, finished zset, then user-index keys.
 * ARGV: expected version ('' = create, the room must not exist), new version, state, qid,
 *   questions ('' = unchanged), room ttl ms, room code, finished game id ('' = none), finished
 *   JSON, user ttl ms, then one op per user key: 'set' or 'del' (deleted only when it still points
 *   at this room).
 * Returns 1 when written; 0 when creating and the code is taken; otherwise the stored {v, s, qid}
 *   (all false when the room is gone).
 */
const CAS_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'v')
if ARGV[1] == '' then
  if current then return 0 end
elseif current ~= ARGV[1] then
  return redis.call('HMGET', KEYS[1], 'v', 's', 'qid')
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3], 'qid', ARGV[4])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'q', ARGV[5]) end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
if ARGV[8] ~= '' then
  local t = redis.call('TIME')
  redis.call('HSET', KEYS[2], ARGV[8], ARGV[9])
  redis.call('ZADD', KEYS[3], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[8])
end
for i = 4, #KEYS do
  if ARGV[7 + i] == 'set' then
    redis.call('SET', KEYS[i], ARGV[7], 'PX', ARGV[10])
  elseif redis.call('GET', KEYS[i]) == ARGV[7] then
    redis.call('DEL', KEYS[i])
  end
end
return 1
`;

/** KEYS: room. ARGV: user key prefix, code. Deletes the room and the user-index keys pointing at it. */
const DELETE_SCRIPT = `
local s = redis.call('HGET', KEYS[1], 's')
if s then
  local room = cjson.decode(s)
  for _, seat in ipairs(room.seats) do
    local key = ARGV[1] .. seat.userId
    if redis.call('GET', key) == ARGV[2] then redis.call('DEL', key) end
  end
end
return redis.call('DEL', KEYS[1])
`;

/** KEYS: finished hash, finished zset. ARGV: age ms, claim ms, limit. Claims old unrecorded games. */
const UNRECORDED_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ids = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[1]), 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, id in ipairs(ids) do
  local json = redis.call('HGET', KEYS[1], id)
  if json then
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]) - tonumber(ARGV[1]), id)
    out[#out + 1] = json
  else
    redis.call('ZREM', KEYS[2], id)
  end
end
return out
`;

type StoredState = Omit<DuelRoom, 'game'> & { game: (Omit<NonNullable<DuelRoom['game']>, 'questions'>) | null };

interface DuelCommands {
  duelCas(keyCount: number, ...args: string[]): Promise<number | Array<string | null>>;
  duelDelete(room: string, userPrefix: string, code: string): Promise<number>;
  duelUnrecorded(finished: string, finishedAt: string, ageMs: number, claimMs: number, limit: number): Promise<string[]>;
}

export class RedisRoomStore implements RoomStore {
  private readonly redis: Redis & DuelCommands;
  private readonly keys: ReturnType<typeof duelKeys>;
  /** Parsed question sets by game id, oldest first (Map keeps insertion order). */
  private readonly questions = new Map<string, DuelQuestions>();

  constructor(handle: RedisHandle) {
    const client = handle.client as Redis & Partial<DuelCommands>;
    if (!client.duelCas) {
      client.defineCommand('duelCas', { lua: CAS_SCRIPT });
      client.defineCommand('duelDelete', { numberOfKeys: 1, lua: DELETE_SCRIPT });
      client.defineCommand('duelUnrecorded', { numberOfKeys: 2, lua: UNRECORDED_SCRIPT });
    }
    this.redis = client as Redis & DuelCommands;
    this.keys = duelKeys(handle.prefix);
  }

  async get(code: string): Promise<DuelRoom | undefined> {
    const s = await this.redis.hget(this.keys.room(code), 's');
    return s ? this.revive(code, s) : undefined;
  }

  async create(room: DuelRoom): Promise<boolean> {
    return (await this.write(null, room, null)) === 1;
  }

  async update<R extends ChangeResult>(code: string, change: (room: DuelRoom) => R): Promise<UpdateOutcome<R> | undefined> {
    let before = await this.get(code);
    for (let attempt = 1; before; attempt++) {
      const result = change(before);
      const next = changedRoom(before, result);
      if (!next) return { before, result };
      const written = await this.write(before, next, finishedGameOf(result));
      if (written === 1) return { before, result };
      if (attempt >= MAX_ATTEMPTS) throw new Error(`room ${code}: no write after ${MAX_ATTEMPTS} conflicting attempts`);
      const [, s] = written as Array<string | null>;
      before = s ? await this.revive(code, s) : undefined;
    }
    return undefined;
  }

  async delete(code: string): Promise<void> {
    await this.redis.duelDelete(this.keys.room(code), this.keys.userPrefix, code);
  }

  async findByUser(userId: string): Promise<DuelRoom | undefined> {
    const code = await this.redis.get(this.keys.user(userId));
    if (!code) return undefined;
    const room = await this.get(code);
    return room?.seats.some((s) => s.userId === userId && !s.left) ? room : undefined;
  }

  /** Redis expires abandoned rooms itself (see the file header). */
  async sweep(): Promise<string[]> {
    return [];
  }

  async unrecorded(olderThanMs: number): Promise<FinishedDuel[]> {
    const rows = await this.redis.duelUnrecorded(this.keys.finished, this.keys.finishedAt, olderThanMs, olderThanMs, UNRECORDED_BATCH);
    return rows.map((json) => JSON.parse(json) as FinishedDuel);
  }

  async markRecorded(gameIds: string[]): Promise<void> {
    if (gameIds.length === 0) return;
    await this.redis.multi().hdel(this.keys.finished, ...gameIds).zrem(this.keys.finishedAt, ...gameIds).exec();
  }

  /** Games running: those with a clock lease (room-leases.ts). */
  async size(): Promise<number> {
    return this.redis.zcard(this.keys.leaseExpiry);
  }

  /** The compare-and-set script for `next` over `before` (null: create). */
  private write(before: DuelRoom | null, next: DuelRoom, finished: FinishedDuel | null): Promise<number | Array<string | null>> {
    const { game, ...rest } = next;
    const state: StoredState = { ...rest, game: game ? { id: game.id, startsAt: game.startsAt, endsAt: game.endsAt, endedAt: game.endedAt } : null };
    const newGame = game !== null && before?.game?.id !== game.id;
    if (game && newGame) this.remember(game.id, game.questions);
    const idle = next.status !== 'playing' && next.idleSince !== null;
    // The idle clock runs from idleSince, which the machine set from the caller's clock.
    const ttl = idle ? Math.max(1, DUEL_ROOM_IDLE_MS - (Date.now() - next.idleSince!)) : ROOM_TTL_MS;

    const seated = (room: DuelRoom | null) => new Set(room ? room.seats.filter((s) => !s.left).map((s) => s.userId) : []);
    const was = seated(before);
    const is = seated(next);
    const userKeys: string[] = [];
    const userOps: string[] = [];
    for (const id of is) if (!was.has(id)) (userKeys.push(this.keys.user(id)), userOps.push('set'));
    for (const id of was) if (!is.has(id)) (userKeys.push(this.keys.user(id)), userOps.push('del'));

    const keys = [this.keys.room(next.code), this.keys.finished, this.keys.finishedAt, ...userKeys];
    return this.redis.duelCas(
      keys.length,
      ...keys,
      before ? String(before.version) : '',
      String(next.version),
      JSON.stringify(state),
      game?.id ?? '',
      game && newGame ? JSON.stringify(game.questions) : '',
      String(Math.ceil(ttl)),
      next.code,
      finished?.gameId ?? '',
      finished ? JSON.stringify(finished) : '',
      String(ROOM_TTL_MS),
      ...userOps,
    );
  }

  private async revive(code: string, s: string): Promise<DuelRoom | undefined> {
    const state = JSON.parse(s) as StoredState;
    if (!state.game) return state as DuelRoom;
    let questions = this.questions.get(state.game.id);
    if (!questions) {
      const [q, qid] = await this.redis.hmget(this.keys.room(code), 'q', 'qid');
      if (qid === null) return undefined;
      // A rematch replaced the game between the two reads: read the newer room.
      if (qid !== state.game.id) return this.get(code);
      if (!q) throw new Error(`room ${code}: the questions of game ${qid} are missing`);
      questions = JSON.parse(q) as DuelQuestions;
      this.remember(state.game.id, questions);
    }
    return { ...state, game: { ...state.game, questions } };
  }

  private remember(gameId: string, questions: DuelQuestions): void {
    if (this.questions.has(gameId)) return;
    this.questions.set(gameId, questions);
    if (this.questions.size > QUESTION_CACHE_SIZE) this.questions.delete(this.questions.keys().next().value!);
  }
}
