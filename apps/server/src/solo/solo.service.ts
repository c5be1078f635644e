/**
 * The single-player timed challenge (spec §2 "Single-player", §4 "Single-player", §7). The session
 * and its clock live on the server: the client gets question texts only, every answer is checked
 * here, and time is up when the server's clock says so (issue #2 "Single-player").
 *
 * Rules where the spec is silent (also in docs/rules.md):
 * - Questions and points are the Math Challenge's: 150 per minute of mode, difficulty rising with
 *   the index (`duelDifficulty`) past 10 to 20, 10 × difficulty points for a correct answer.
 * - A wrong answer scores nothing and leaves the question in place (`current` unchanged).
 * - The run ends when time is up or every question is solved; it is then stored once in solo_runs.
 *   Time-up is noticed on the next call for the session and by a sweep every 2 s, whichever is first.
 * - An answer after the end is refused with 409 and a body that still carries the state:
 *   `{ error: 'Time is up' | 'The challenge is over', code: 'RUN_OVER', over: true, correct: false, score, current }`.
 * - One session per user: starting a new run replaces the previous one (a replaced run that solved
 *   at least one question is stored). This bounds memory to one session per account.
 * - An ended session stays readable (GET /singleplayer/timer answers over: true) for 10 minutes,
 *   then is forgotten (404 'Session not found', after which the spec's client starts a new run).
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { randomUUID } from 'node:crypto';
import {
  duelDifficulty,
  duelQuestionCount,
  generateQuestions,
  DEFAULT_PACE_THRESHOLDS,
  LATEST_RULES,
  isCorrectAnswer,
  judgePace,
  PACE_FLAG_MESSAGE,
  pointsForDifficulty,
  type PaceThresholds,
} from '@mathsprint/shared/domain';
import type { DuelMode } from '@mathsprint/shared/constants';
import type { SoloAnswerResponse, SoloRunEnd, SoloStartResponse, SoloTimerResponse } from '@mathsprint/shared/protocol';
import type { SessionUser } from '../platform/session-user.js';
import { soloRuns } from '../db/schema/solo.js';
import { storeFlags } from '../fair-play/fair-play.service.js';
import type { Clock } from '../platform/clock.js';
import type { Database } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import { personalBest } from './solo-records.js';
import { createMemorySoloStore, type SoloSession, type SoloStore } from './solo.store.js';
import { AppError } from '../platform/app-error.js';

export interface SoloService {
  /**
   * Starts a run of `mode` minutes for `user` (guests included), replacing the user's previous run.
   * @returns sessionId, the question texts, and timerDuration in seconds (mode × 60).
   */
  start(user: SessionUser, mode: DuelMode): Promise<SoloStartResponse>;
  /**
   * Checks `answer` against the current question.
   * @returns `{ correct, score (points), current (index after the answer), over }`; when the run has
   *   already ended, the same fields with `correct: false`, `over: true` and `error` (the route
   *   answers 409 then).
   * @throws AppError RUN_NOT_FOUND (404) 'Session not found' for an unknown or expired id or another user's session.
   */
  answer(user: SessionUser, sessionId: string, answer: number): Promise<SoloAnswerResponse>;
  /**
   * The server's clock for the run: timeLeft in whole seconds, ceil((endsAt − now) / 1000) and at
   * least 0, plus over, score and current (so a resumed client can restore its state).
   * @throws AppError RUN_NOT_FOUND (404) 'Session not found' as `answer`.
   */
  timer(user: SessionUser, sessionId: string): Promise<SoloTimerResponse>;
  /** Ends runs whose time is up, retries failed solo_runs writes, forgets expired sessions. */
  sweep(): Promise<void>;
  /** The stored session (answers included) for tests and diagnostics; never exposed over HTTP. */
  inspect(sessionId: string): Promise<SoloSession | null>;
  /** Stops the sweep timer. */
  close(): void;
}

export interface SoloDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  store?: SoloStore;
  /** Sweep period in ms (default 2000); 0 disables the timer (tests call `sweep()`). */
  sweepIntervalMs?: number;
  /** How long an ended session stays readable, in ms (default 10 minutes). */
  retentionMs?: number;
  /** Pace thresholds of the fair-play rule (config PACE_*; issue #47); default the rule's own. */
  pace?: PaceThresholds;
}

const SESSION_NOT_FOUND = 'Session not found';
const TIME_IS_UP = 'Time is up';
const CHALLENGE_OVER = 'The challenge is over';

/** 2 s: the client polls the timer every 1 s (spec §9), so a missed end is noticed within a poll or two. */
const DEFAULT_SWEEP_MS = 2_000;
/** 10 min: ample for a client that lost its connection at the end to fetch its final state. */
const DEFAULT_RETENTION_MS = 10 * 60_000;
/** Delay before a failed solo_runs write is tried again by the sweep. */
const RECORD_RETRY_MS = 5_000;
/** Sessions handled per sweep round; the rest wait for the next round. */
const SWEEP_LIMIT = 1_000;

export function createSoloService(deps: SoloDeps): SoloService {
  const { db, clock, logger } = deps;
  const store = deps.store ?? createMemorySoloStore();
  const retentionMs = deps.retentionMs ?? DEFAULT_RETENTION_MS;
  const sweepMs = deps.sweepIntervalMs ?? DEFAULT_SWEEP_MS;
  const pace = deps.pace ?? DEFAULT_PACE_THRESHOLDS;

  /** What an ended run adds to its responses (SoloRunEnd): the notice and the personal best. */
  async function runEnd(s: SoloSession): Promise<SoloRunEnd> {
    if (isRunning(s)) return {};
    const best = s.recorded ? await personalBest(db, s.userId, s.mode) : null;
    return { ...(s.paceFlag ? { paceFlag: PACE_FLAG_MESSAGE } : {}), personalBest: best };
  }

  function isRunning(s: SoloSession): boolean {
    return s.endedAt === null;
  }

  /** Stores the run's solo_runs row (and its fair-play flag) once; on failure leaves `recorded`
   * false for the sweep to retry. */
  async function record(s: SoloSession): Promise<void> {
    if (s.recorded || s.endedAt === null) return;
    const endedAt = s.endedAt;
    try {
      await db.transaction(async (tx) => {
        await tx
          .insert(soloRuns)
          .values({
            id: s.id,
            userId: s.userId,
            mode: s.mode,
            score: s.score,
            solved: s.current,
            startedAt: new Date(s.startedAt),
            endedAt: new Date(endedAt),
          })
          .onConflictDoNothing({ target: soloRuns.id });
        if (s.paceFlag) {
          await storeFlags(tx, [{ id: s.id, kind: 'solo', sourceId: s.id, userId: s.userId, reason: s.paceFlag }], endedAt);
        }
      });
      s.recorded = true;
      s.wakeAt = s.endedAt + retentionMs;
    } catch (error) {
      logger.warn({ err: error, sessionId: s.id }, 'storing a single-player run failed; will retry');
      s.wakeAt = clock.now() + RECORD_RETRY_MS;
    }
  }

  /** Ends a running session (mutates `s`) and stores its run unless it was abandoned unplayed. */
  async function end(s: SoloSession, reason: 'time' | 'completed' | 'replaced', now: number): Promise<void> {
    s.endedAt = reason === 'time' ? s.endsAt : Math.min(now, s.endsAt);
    s.endReason = reason;
    s.wakeAt = s.endedAt + retentionMs;
    const answers = (s.solvedAt ?? []).map((atMs, i) => ({ atMs, difficulty: duelDifficulty(i) }));
    s.paceFlag = judgePace(s.startedAt, answers, pace).reason;
    if (reason === 'replaced' && s.current === 0) {
      s.recorded = true;
      return;
    }
    await record(s);
  }

  /** Loads a session the caller owns, ending it first when its time is up. */
  async function load(user: SessionUser, sessionId: string): Promise<SoloSession> {
    const s = await store.get(sessionId);
    // Someone else's session is "not found" too, so ids cannot be probed.
    if (!s || s.userId !== user.id) throw new AppError(ErrorCode.RUN_NOT_FOUND, SESSION_NOT_FOUND);
    const now = clock.now();
    if (isRunning(s) && now >= s.endsAt) {
      await end(s, 'time', now);
      await store.put(s);
    }
    return s;
  }

  async function sweepOne(id: string): Promise<void> {
    await store.lock(`session:${id}`, async () => {
      const s = await store.get(id);
      const now = clock.now();
      if (!s || s.wakeAt > now) return;
      if (isRunning(s)) {
        if (now >= s.endsAt) {
          await end(s, 'time', now);
          await store.put(s);
        }
        return;
      }
      if (!s.recorded) {
        await record(s);
        await store.put(s);
        return;
      }
      await store.delete(s.id);
    });
  }

  /** Starts a run, after ending and forgetting the user's previous one (see the file header). */
  async function startRun(user: SessionUser, mode: DuelMode): Promise<SoloStartResponse> {
    const previous = await store.findByUser(user.id);
    if (previous) {
      await store.lock(`session:${previous.id}`, async () => {
        const s = await store.get(previous.id);
        if (!s) return;
        const now = clock.now();
        if (isRunning(s)) await end(s, now >= s.endsAt ? 'time' : 'replaced', now);
        else if (!s.recorded) await record(s);
        await store.delete(s.id);
      });
    }

    const now = clock.now();
    const seed = randomUUID();
    // The newest generator version: a run's questions live only as long as the run.
    const questions = generateQuestions(seed, duelQuestionCount(mode), duelDifficulty, LATEST_RULES);
    const durationSeconds = mode * 60;
    const session: SoloSession = {
      id: randomUUID(),
      userId: user.id,
      mode,
      seed,
      answers: questions.map((q) => q.answer),
      points: questions.map((q) => pointsForDifficulty(q.difficulty)),
      startedAt: now,
      endsAt: now + durationSeconds * 1000,
      score: 0,
      current: 0,
      solvedAt: [],
      paceFlag: null,
      endedAt: null,
      endReason: null,
      recorded: false,
      wakeAt: now + durationSeconds * 1000,
    };
    await store.put(session);
    logger.debug({ sessionId: session.id, userId: user.id, mode }, 'single-player run started');
    return { sessionId: session.id, questions: questions.map((q) => q.text), timerDuration: durationSeconds };
  }

  let sweeping = false;
  async function sweep(): Promise<void> {
    if (sweeping) return;
    sweeping = true;
    try {
      const due = await store.due(clock.now(), SWEEP_LIMIT);
      for (const s of due) await sweepOne(s.id);
    } finally {
      sweeping = false;
    }
  }

  const timer =
    sweepMs > 0
      ? setInterval(() => {
          sweep().catch((error: unknown) => logger.warn({ err: error }, 'single-player sweep failed'));
        }, sweepMs)
      : null;
  // The sweep must not keep a finished process alive; shutdown calls close() anyway.
  timer?.unref();

  return {
    start(user, mode) {
      // Serialised per user, so two simultaneous starts cannot leave two sessions behind.
      return store.lock(`user:${user.id}`, () => startRun(user, mode));
    },

    answer(user, sessionId, answer) {
      return store.lock(`session:${sessionId}`, async () => {
        const s = await load(user, sessionId);
        if (!isRunning(s)) {
          return {
            correct: false,
            score: s.score,
            current: s.current,
            over: true,
            error: s.endReason === 'time' ? TIME_IS_UP : CHALLENGE_OVER,
            code: ErrorCode.RUN_OVER,
            ...(await runEnd(s)),
          };
        }
        const expected = s.answers[s.current];
        const correct = expected !== undefined && isCorrectAnswer({ answer: expected }, answer);
        if (correct) {
          s.score += s.points[s.current] ?? 0;
          s.current += 1;
          s.solvedAt = [...(s.solvedAt ?? []), clock.now()];
          if (s.current >= s.answers.length) await end(s, 'completed', clock.now());
          await store.put(s);
        }
        return { correct, score: s.score, current: s.current, over: !isRunning(s), ...(await runEnd(s)) };
      });
    },

    timer(user, sessionId) {
      return store.lock(`session:${sessionId}`, async () => {
        const s = await load(user, sessionId);
        const timeLeft = isRunning(s) ? Math.max(0, Math.ceil((s.endsAt - clock.now()) / 1000)) : 0;
        return { timeLeft, over: !isRunning(s), score: s.score, current: s.current, ...(await runEnd(s)) };
      });
    },

    sweep,
    inspect: (sessionId) => store.get(sessionId),
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
