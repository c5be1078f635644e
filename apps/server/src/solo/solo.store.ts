/**
 * Where live single-player sessions are kept. The service holds the rules; a store only keeps plain
 * JSON records, so an in-memory map (one process) and Redis keys plus a sorted set on `wakeAt`
 * (several processes, redis-solo.store.ts) are interchangeable without touching the rules. Records
 * returned by a store are copies: changing one changes nothing until it is `put` back.
 *
 * Every read-modify-write of a session runs inside `lock`, so two answers sent at once cannot both
 * score the same question: in one process a keyed promise chain, across processes a Redis lock.
 */
import { createLocalLocks } from '../platform/local-locks.js';

/** One single-player run on the server (spec §3 "Single-player session"). Times are epoch ms. */
export interface SoloSession {
  /** The sessionId sent to the client. */
  id: string;
  /** Owner: only this user may answer or read the timer. */
  userId: string;
  /** Duration in minutes (1, 2, 3 or 5); the run lasts mode × 60 s. */
  mode: number;
  /** Seed the questions were generated from (kept to reproduce a run). */
  seed: string;
  /** Exact answers, index-aligned with the question texts sent at start. Never sent to the client. */
  answers: number[];
  /** Points for a correct answer to each question (10 × difficulty). */
  points: number[];
  startedAt: number;
  /** When time is up: startedAt + mode × 60,000. */
  endsAt: number;
  /** Points scored so far. */
  score: number;
  /** Index of the current question = questions solved (a wrong answer leaves it in place). */
  current: number;
  /** When the run ended (endsAt for time up, the last answer's time for completion), null while running. */
  endedAt: number | null;
  /** Why it ended: time up, every question solved, or replaced by a new run of the same user. */
  endReason: 'time' | 'completed' | 'replaced' | null;
  /** Epoch ms of each right answer, in order (issue #47: the pace rule). Absent in sessions stored before it. */
  solvedAt?: number[];
  /** Set at the end: the pace rule's reason when the run was answered faster than a person can,
   * else null (a flagged run sets no personal best). */
  paceFlag?: string | null;
  /** True once its solo_runs row is stored. */
  recorded: boolean;
  /**
   * Next time the sweep must look at this session: endsAt while running; after the end, when a
   * failed solo_runs write is retried or when the session is purged.
   */
  wakeAt: number;
}

export interface SoloStore {
  get(id: string): Promise<SoloSession | null>;
  /** Creates or replaces the session with this id. */
  put(session: SoloSession): Promise<void>;
  delete(id: string): Promise<void>;
  /** The user's most recently stored session, or null. */
  findByUser(userId: string): Promise<SoloSession | null>;
  /** Up to `limit` sessions whose `wakeAt` ≤ `now`. */
  due(now: number, limit: number): Promise<SoloSession[]>;
  /** Number of sessions held (for metrics and tests). */
  size(): Promise<number>;
  /** Runs `work` alone among all holders of `key` (`session:{id}`, `user:{id}`), on every process
   * sharing the store. */
  lock<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** A single-process store: a Map of JSON copies. */
export function createMemorySoloStore(): SoloStore {
  const sessions = new Map<string, SoloSession>();
  const byUser = new Map<string, string>();
  const copy = (s: SoloSession): SoloSession => structuredClone(s);

  return {
    lock: createLocalLocks(),
    async get(id) {
      const s = sessions.get(id);
      return s ? copy(s) : null;
    },
    async put(session) {
      sessions.set(session.id, copy(session));
      const latestId = byUser.get(session.userId);
      const latest = latestId === undefined ? undefined : sessions.get(latestId);
      if (!latest || latest.startedAt <= session.startedAt) byUser.set(session.userId, session.id);
    },
    async delete(id) {
      const s = sessions.get(id);
      if (!s) return;
      sessions.delete(id);
      if (byUser.get(s.userId) === id) byUser.delete(s.userId);
    },
    async findByUser(userId) {
      const id = byUser.get(userId);
      const s = id === undefined ? undefined : sessions.get(id);
      return s ? copy(s) : null;
    },
    async due(now, limit) {
      const out: SoloSession[] = [];
      for (const s of sessions.values()) {
        if (out.length >= limit) break;
        if (s.wakeAt <= now) out.push(copy(s));
      }
      return out;
    },
    async size() {
      return sessions.size;
    },
  };
}
