/**
 * The Math Challenge room store for several processes (REDIS_URL set): any process can serve any
 * player of any room, because each room lives in Redis and every change is a compare-and-set on its
 * version (duel.machine.ts bumps `version` on every change it makes). A Lua script writes the new
 * room only if the stored version is still the one the transition ran on; otherwise it returns the
 * newer room and the store runs the (pure) transition again. Unlike a Colyseus room or a lila-ws
 * round actor, a room here has no home process: whichever process a player's socket reaches serves it.
 *
 * A right answer, the duel's most frequent change, takes one round trip instead of two: each
 * process keeps the rooms it last read or wrote, runs the answer on that copy, and when the machine
 * says the change moved one seat's progress only (duel.machine.ts `progressOnlySeat`), a script
 * writes that seat's progress if the room's structure and that seat are still what the copy
 * showed, whatever the other seat did meanwhile. The seat's own answers come through its
 * player's socket, so the copy's view of it is current. Any other outcome, or a stale copy, is
 * decided again on a fresh read; a progress-only change is still written by that script then, so
 * the structure does not move while a game is played and the other process's copy stays good.
 * Every other change is a compare-and-set of the whole room against its version.
 *
 * Key layout: redis-keys.ts.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../platform/clock.js';
import { withScripts, type RedisHandle } from '../platform/redis.js';
import type { FinishedDuel } from './finished-duel.js';
import { DUEL } from '@mathsprint/shared/constants';
import { DUEL_ROOM_IDLE_MS, progressOnlySeat, type DuelQuestions, type DuelRoom } from './duel.machine.js';
import { QuestionCache } from './question-cache.js';
import { duelKeys } from './redis-keys.js';
import { changedRoom, finishedGameOf, type ChangeResult, type RoomStore, type UpdateOutcome } from './room-store.js';

/** A room still changing or with someone connected lives this long after its last change: a bound
 * for rooms whose players vanished with their process (no disconnect was ever seen for them). */
const ROOM_TTL_MS = 6 * 3600_000;
/** Compare-and-set attempts before giving up: two players and a clock write a room, so more than a
 * couple of conflicts in a row means something is wrong. */
const MAX_ATTEMPTS = 20;
/** Questions a process keeps parsed, summed over games (about 50 bytes each): 20,000 one-minute games. */
const QUESTION_CACHE_QUESTIONS = 20_000 * 150;
/** Finished games handed back per `unrecorded` call. */
const UNRECORDED_BATCH = 100;
/** Rooms whose last seen state a process keeps (about 1 KB each, the questions apart). */
const ROOM_CACHE_SIZE = 20_000;
/** Hash fields of the seats' progress, by seat index. */
const PROGRESS_FIELDS = Array.from({ length: DUEL.maxPlayers }, (_, i) => `p${i}`);
/** Hash fields a read of the room takes, in this order. */
const ROOM_FIELDS = ['v', 's', 'sv', ...PROGRESS_FIELDS];
/** Field names as a Lua argument list: 'a', 'b'. */
const luaList = (fields: string[]): string => fields.map((f) => `'${f}'`).join(', ');

/** Key names (defined in redis-keys.ts; the tests import them from here). */
export { duelKeys };

/**
 * The whole-room compare-and-set.
 * KEYS: room, finished hash, finished zset, then user-index keys.
 * ARGV: expected version ('' = create, the room must not exist), new version, state, qid,
 *   questions ('' = unchanged), room ttl ms, room code, finished game id ('' = none), finished
 *   JSON, user ttl ms, then one op per user key: 'set' or 'del' (deleted only when it still points
 *   at this room).
 * Returns 1 when written; 0 when creating and the code is taken; otherwise the stored ROOM_FIELDS
 *   (all false when the room is gone).
 */
const CAS_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'v')
if ARGV[1] == '' then
  if current then return 0 end
elseif current ~= ARGV[1] then
  return redis.call('HMGET', KEYS[1], ${luaList(ROOM_FIELDS)})
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'sv', ARGV[2] .. ':' .. ARGV[4], 's', ARGV[3], 'qid', ARGV[4])
redis.call('HDEL', KEYS[1], ${luaList(PROGRESS_FIELDS)})
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

/**
 * A progress-only change of one seat (see the file header).
 * KEYS: room. ARGV: expected sv, the seat's progress field, its expected value ('' = none),
 *   score, current, room ttl ms.
 * Returns 0 when the structure or the seat moved meanwhile (nothing written); otherwise the new
 *   version followed by every progress field.
 */
const PROGRESS_SCRIPT = `
if (redis.call('HGET', KEYS[1], 'sv') or '') ~= ARGV[1] or (redis.call('HGET', KEYS[1], ARGV[2]) or '') ~= ARGV[3] then
  return 0
end
local v = redis.call('HINCRBY', KEYS[1], 'v', 1)
redis.call('HSET', KEYS[1], ARGV[2], v .. ':' .. ARGV[4] .. ':' .. ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
local out = redis.call('HMGET', KEYS[1], ${luaList(PROGRESS_FIELDS)})
table.insert(out, 1, tostring(v))
return out
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

/** A game as the room's JSON holds it: its questions are stored apart, once per game. */
function withoutQuestions({ questions: _questions, ...game }: NonNullable<DuelRoom['game']>): NonNullable<StoredState['game']> {
  return game;
}

/** Hash field values as Redis returns them: null where a field is absent. */
type Fields = Array<string | null>;

/** What a process last saw of a room: the room (seats with their progress, version = v) and the
 * fields a progress-only change compares. */
interface SeenRoom {
  room: DuelRoom;
  sv: string;
  /** The raw progress fields, by seat index ('' = absent). */
  progress: string[];
}

interface DuelCommands {
  duelCas(keyCount: number, ...args: string[]): Promise<number | Fields>;
  duelProgress(room: string, sv: string, field: string, expected: string, score: string, current: string, ttlMs: string): Promise<0 | Fields>;
  duelDelete(room: string, userPrefix: string, code: string): Promise<number>;
  duelUnrecorded(finished: string, finishedAt: string, ageMs: number, claimMs: number, limit: number): Promise<string[]>;
}

export class RedisRoomStore implements RoomStore {
  private readonly redis: Redis & DuelCommands;
  private readonly keys: ReturnType<typeof duelKeys>;
  /** Parsed question sets by game id. */
  private readonly questions = new QuestionCache(QUESTION_CACHE_QUESTIONS);
  /** The last state this process read or wrote of each room, least recently used first. */
  private readonly seen = new Map<string, SeenRoom>();

  /**
   * @param clock - the server's clock (platform/clock.ts), the one the machine's `idleSince` comes
   *   from: an idle room's expiry counts from it.
   */
  constructor(
    handle: RedisHandle,
    private readonly clock: Clock,
  ) {
    this.redis = withScripts<DuelCommands>(handle.client, {
      duelCas: { lua: CAS_SCRIPT },
      duelProgress: { numberOfKeys: 1, lua: PROGRESS_SCRIPT },
      duelDelete: { numberOfKeys: 1, lua: DELETE_SCRIPT },
      duelUnrecorded: { numberOfKeys: 2, lua: UNRECORDED_SCRIPT },
    });
    this.keys = duelKeys(handle.prefix);
  }

  async get(code: string): Promise<DuelRoom | undefined> {
    return (await this.read(code))?.room;
  }

  async create(room: DuelRoom): Promise<boolean> {
    return (await this.write(null, room, null)) === 1;
  }

  async update<R extends ChangeResult>(code: string, change: (room: DuelRoom) => R): Promise<UpdateOutcome<R> | undefined> {
    // This process's last copy first; `fresh` once the copy is known to be the room as it is.
    let seen = this.seen.get(code);
    let fresh = false;
    if (!seen) [seen, fresh] = [await this.read(code), true];
    for (let attempt = 1; seen; attempt++) {
      const before = seen.room;
      const result = change(before);
      const next = changedRoom(before, result);
      const seat = next ? progressOnlySeat(before, next) : -1;
      if (seat >= 0) {
        const room = await this.writeProgress(code, seen, next!, seat);
        if (room) return { before, result: { ...result, room } };
      } else if (fresh && !next) {
        return { before, result };
      } else if (fresh) {
        const written = await this.write(before, next!, finishedGameOf(result));
        if (written === 1) {
          this.see(code, { room: next!, sv: structureVersion(next!), progress: PROGRESS_FIELDS.map(() => '') });
          return { before, result };
        }
        // The script answered with the room as it is now.
        seen = await this.revive(code, written as Fields);
        if (attempt >= MAX_ATTEMPTS) break;
        continue;
      }
      // A stale copy (the progress write was refused), or an outcome decided on a copy that is
      // not a progress-only change: decide again on the room as it is.
      if (attempt >= MAX_ATTEMPTS) break;
      [seen, fresh] = [await this.read(code), true];
    }
    if (seen) throw new Error(`room ${code}: no write after ${MAX_ATTEMPTS} conflicting attempts`);
    return undefined;
  }

  /**
   * Writes the progress of seat `seat` of `next` if the room's structure and that seat are still
   * as `seen` showed them (the other seat may have moved). Gives the room as written, with the
   * other seats' progress as it is now, or null when nothing was written.
   */
  private async writeProgress(code: string, seen: SeenRoom, next: DuelRoom, seat: number): Promise<DuelRoom | null> {
    const { score, current, solvedAt } = next.seats[seat]!;
    const reply = await this.redis.duelProgress(
      this.keys.room(code),
      seen.sv,
      PROGRESS_FIELDS[seat]!,
      seen.progress[seat]!,
      String(score),
      // The answer times ride along as a fourth part ("version:score:current:t1,t2…"; issue #47).
      solvedAt ? `${current}:${solvedAt.join(',')}` : String(current),
      String(ROOM_TTL_MS),
    );
    if (reply === 0) return null;
    const [v, ...progress] = reply;
    const room = withProgress({ ...next, version: Number(v) }, progress);
    this.see(code, { room, sv: seen.sv, progress: progress.map((p) => p ?? '') });
    return room;
  }

  async delete(code: string): Promise<void> {
    this.seen.delete(code);
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
    return this.redis.hlen(this.keys.lease);
  }

  /** The compare-and-set script for `next` over `before` (null: create). */
  private write(before: DuelRoom | null, next: DuelRoom, finished: FinishedDuel | null): Promise<number | Fields> {
    const { game, ...rest } = next;
    const state: StoredState = { ...rest, game: game ? withoutQuestions(game) : null };
    const newGame = game !== null && before?.game?.id !== game.id;
    if (game && newGame) this.questions.remember(game.id, game.questions);
    const idle = next.status !== 'playing' && next.idleSince !== null;
    // The idle clock runs from idleSince, which the machine set from the server's clock: the same one.
    const ttl = idle ? Math.max(1, DUEL_ROOM_IDLE_MS - (this.clock.now() - next.idleSince!)) : ROOM_TTL_MS;

    const seated = (room: DuelRoom | null) => new Set(room ? room.seats.filter((s) => !s.left).map((s) => s.userId) : []);
    const was = seated(before);
    const is = seated(next);
    const userKeys: string[] = [];
    const userOps: string[] = [];
    for (const id of is) if (!was.has(id)) { userKeys.push(this.keys.user(id)); userOps.push('set'); }
    for (const id of was) if (!is.has(id)) { userKeys.push(this.keys.user(id)); userOps.push('del'); }

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

  /** The room as it is now, remembered as this process's copy. */
  private async read(code: string): Promise<SeenRoom | undefined> {
    return this.revive(code, await this.redis.hmget(this.keys.room(code), ...ROOM_FIELDS));
  }

  /** The room from its ROOM_FIELDS (undefined when it is gone), remembered as this process's copy. */
  private async revive(code: string, fields: Fields): Promise<SeenRoom | undefined> {
    const [v, s, sv, ...progress] = fields;
    if (!v || !s) {
      this.seen.delete(code);
      return undefined;
    }
    const state = JSON.parse(s) as StoredState;
    let room: DuelRoom;
    if (!state.game) {
      room = state as DuelRoom;
    } else {
      let questions = this.questions.get(state.game.id);
      if (!questions) {
        const [q, qid] = await this.redis.hmget(this.keys.room(code), 'q', 'qid');
        if (qid === null) return undefined;
        // A rematch replaced the game between the two reads: read the newer room.
        if (qid !== state.game.id) return this.read(code);
        if (!q) throw new Error(`room ${code}: the questions of game ${qid} are missing`);
        questions = JSON.parse(q) as DuelQuestions;
        this.questions.remember(state.game.id, questions);
      }
      room = { ...state, game: { ...state.game, questions } };
    }
    const seen = { room: withProgress({ ...room, version: Number(v) }, progress), sv: sv ?? '', progress: progress.map((p) => p ?? '') };
    this.see(code, seen);
    return seen;
  }

  private see(code: string, seen: SeenRoom): void {
    this.seen.delete(code);
    this.seen.set(code, seen);
    if (this.seen.size > ROOM_CACHE_SIZE) this.seen.delete(this.seen.keys().next().value!);
  }

}

/** The room with each seat's progress field ("version:score:current[:solvedAt]") laid over its stored seat. */
function withProgress(room: DuelRoom, progress: Fields): DuelRoom {
  if (!progress.some((p) => p)) return room;
  const seats = room.seats.map((seat, i) => {
    const p = progress[i];
    if (!p) return seat;
    const [, score, current, solved] = p.split(':');
    const solvedAt = solved === undefined ? seat.solvedAt : solved === '' ? [] : solved.split(',').map(Number);
    return { ...seat, score: Number(score), current: Number(current), ...(solvedAt ? { solvedAt } : {}) };
  });
  return { ...room, seats };
}

/** The `sv` field the whole-room script writes for `room` (see the file header). */
function structureVersion(room: DuelRoom): string {
  return `${room.version}:${room.game?.id ?? ''}`;
}
