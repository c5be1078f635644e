/**
 * The weekly contest (issue #3; spec §2 "Weekly contest card", "Contest taking", "Contest results",
 * §3, §4, §7 "Weekly contest"): schedule, registration, taking it, results, leaderboard, statistics,
 * the caller's history, and the lifecycle that closes, ranks and rates it. This module holds the
 * request methods; the in-memory contest state is contest-cache.ts, the batched writes
 * contest-writes.ts and the scheduler loop contest-scheduler.ts (issue #48).
 *
 * Performance (issue #3 benchmark, 5,000 players on embedded PGlite): contests are cached in memory
 * (contest-cache.ts); start, submit-answer and submit go through group commits (contest-writes.ts),
 * each request answered after COMMIT. Shortly before the opening each process reads the contest's
 * attempt ids (contest-scheduler.ts), so that a first start costs one UPDATE by primary key inside a
 * group commit.
 *
 * Contest time comes only from the injected Clock; cache lifetimes are elapsed real time (the
 * injected `timer`, platform/clock.ts), since they are about other processes, not about the contest.
 */
import { randomUUID } from 'node:crypto';
import { LATEST_GENERATOR_VERSION } from '@mathsprint/shared/domain';
import {
  adminCreateContestBodySchema,
  CONTEST_ERRORS,
  type ContestAttempt,
  type ContestDetailsResponse,
  type ContestHistoryResponse,
  type ContestLeaderboardResponse,
  type ContestRegisterResponse,
  type ContestResponse,
  type ContestStage,
  type ContestStartResponse,
  type ContestStatsResponse,
  type ContestSubmitAnswerBody,
  type ContestSubmitAnswerResponse,
  type ContestSubmitResponse,
  type CurrentContestResponse,
  ErrorCode,
} from '@mathsprint/shared/protocol';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { SessionUser } from '../platform/session-user.js';
import type { OperatorsService } from '../accounts/operators.service.js';
import type { Config } from '../config.js';
import { parseInput } from '../http/errors.js';
import type { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { systemTimer, type Clock, type MonotonicClock } from '../platform/clock.js';
import type { Database } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { Notifier } from '../platform/notifier.js';
import { withPaceFlags } from '../fair-play/fair-play.service.js';
import { createContestCache, type Entry } from './contest-cache.js';
import { createContestScheduler, DEFAULT_CONTEST_TITLE } from './contest-scheduler.js';
import { contestProgress, leaderboardEntry, statsView } from './contest-standings.js';
import { attemptView, contestDetails, isRevealed, type AttemptRecord } from './contest-views.js';
import { createContestWrites } from './contest-writes.js';
import { createContestRepo } from './contest.repo.js';
import { AppError } from '../platform/app-error.js';

export { DEFAULT_CONTEST_TITLE };

/** A response body already serialised to JSON, of shape T (large cached parts are spliced in as text). */
export type JsonBody<T> = string & { readonly __shape?: T };

/** How many leaderboard rows are cached per finalized contest: the query's maximum limit (protocol: 1–100). */
const LEADERBOARD_CACHE_SIZE = 100;
/** Statistics of a contest not yet finalized are recomputed at most every 2 s (elapsed real time);
 * a submit on this process drops them, so that the submitter's results page counts the submission. */
const STATS_TTL_MS = 2_000;

export interface ContestService {
  /** GET /contest/next: the contest of the home card (contest-card.ts): one that closed less than a
   * day ago (at most half-way to the next opening), else the live contest, else the earliest upcoming
   * one (always exists). */
  next(user: SessionUser | null): Promise<JsonBody<ContestResponse>>;
  /** GET /contest/current: the live contest, else the most recently closed one, else null. */
  current(user: SessionUser | null): Promise<JsonBody<CurrentContestResponse>>;
  /**
   * GET /contest/leaderboard: ranked rows (best first, at most `limit` of 1–100) once finalized, [] before.
   * @throws AppError 404 'Contest not found'.
   */
  leaderboard(contestId: string, limit: number): Promise<ContestLeaderboardResponse>;
  /** Drops the cached leaderboards of finalized contests: a player's name changed (an account
   * deletion); the next request reads them again. */
  namesChanged(): void;
  /**
   * GET /contest/stats: counts always; averages once the contest is closed (0 before).
   * @throws AppError 404 'Contest not found'.
   */
  stats(contestId: string): Promise<ContestStatsResponse>;
  /**
   * POST /contest/register: makes the caller's attempt row; registering again answers the same.
   * @throws AppError 403 'Please sign up to register for the contest' (guest), 404, 409 'Registration is closed' (from openTime on).
   */
  register(user: SessionUser, contestId: string): Promise<JsonBody<ContestRegisterResponse>>;
  /**
   * POST /contest/start: sets startedAt on the first call, returns the attempt (with saved answers)
   * and the questions without answers. Also after the caller submitted (status submitted).
   * @throws AppError 404; 409 'The contest has not started yet' / 'The contest is over' outside
   *   openTime..closeTime; 403 'Please register for the contest first'.
   */
  start(user: SessionUser, contestId: string): Promise<JsonBody<ContestStartResponse>>;
  /**
   * POST /contest/submit-answer: upserts the answer (last one wins), committed before this resolves.
   * @throws AppError 404; 400 'questionIndex is out of range'; 409 not started yet / 'The contest is
   *   over' / 'Start the contest first' / 'Your attempt is already submitted'; 403 not registered.
   */
  submitAnswer(user: SessionUser, body: ContestSubmitAnswerBody): Promise<ContestSubmitAnswerResponse>;
  /**
   * POST /contest/submit: marks the attempt submitted with its score (5 points per correct answer),
   * counts and server-measured time. Answers stay hidden until close. Idempotent: an attempt already
   * submitted (by an earlier call, or by the server at close) is answered as it stands.
   * @throws AppError 404; 400 'Please answer at least one question before submitting'; 409 'Start
   *   the contest first' / not started yet / 'The contest is over' (never started) / 'Your attempt is
   *   already submitted' (after close, before the close pass has submitted it); 403 not registered.
   */
  submit(user: SessionUser, contestId: string): Promise<ContestSubmitResponse>;
  /** GET /contest/history: progress over the caller's finalized contests and their started attempts (most recent first, `limit`). */
  history(user: SessionUser, limit: number | undefined): Promise<ContestHistoryResponse>;
  /**
   * GET /contest/past/{contestId}: the per-question review of the caller's attempt.
   * @throws AppError 404 (unknown contest, or no started attempt); 409 'Answers are revealed when the contest closes'.
   */
  past(user: SessionUser, contestId: string): Promise<ContestDetailsResponse>;
  /**
   * POST /admin/contests with an unparsed body: schedules a contest (new id and seed).
   * @throws AppError 403 'Only administrators can schedule contests' unless the caller is an
   *   operator now (`npm run admin -- grant EMAIL`); 400 on a bad body or 'openTime must be in the future'.
   */
  create(user: SessionUser, body: unknown): Promise<JsonBody<ContestResponse>>;
  /**
   * Runs one scheduler pass now, after any pass in progress: makes the next scheduled contest and
   * claims every due transition. `stopAt` stops each contest at that stage (tests use it to leave a
   * contest closed but not finalized, as a crash would).
   */
  tick(options?: { stopAt?: ContestStage }): Promise<void>;
  /** Stops the scheduler, waits for its pass and for every queued write. Idempotent. */
  close(): Promise<void>;
}

export interface ContestDeps {
  db: Database;
  config: Pick<
    Config,
    | 'CONTEST_CRON'
    | 'CONTEST_TIMEZONE'
    | 'CONTEST_DURATION_MINUTES'
    | 'CONTEST_QUESTION_COUNT'
    | 'CONTEST_SCHEDULER_INTERVAL_MS'
    | 'GLICKO_TAU'
    | 'SESSION_CACHE_TTL_MS'
    | 'PACE_EASY_FLOOR_MS'
    | 'PACE_FLOOR_STEP_MS'
    | 'PACE_MIN_ANSWERS'
  >;
  /** The time the rules use: registration closing, opening, closing, finalizing, stored timestamps. */
  clock: Clock;
  /**
   * Elapsed real time (platform/clock.ts): the cache lifetimes (stage, registrations, selections,
   * statistics), the scheduler's retries and quiet re-checks, logged latencies. Default systemTimer.
   */
  timer?: MonotonicClock;
  logger: Logger;
  notifier: Notifier;
  leaderboard: LeaderboardService;
  /** The session cache of AccountsService, primed with the registered players just before an opening. */
  sessions?: Pick<AccountsService, 'primeSessions'>;
  /** Who may schedule contests (POST /admin/contests), read at each call. */
  operators: Pick<OperatorsService, 'isOperator'>;
}

/** Makes the contest service of one process and starts its scheduler loop (see ContestService.close). */
export function createContestService(deps: ContestDeps): ContestService {
  const { db, clock, logger } = deps;
  const timer = deps.timer ?? systemTimer;
  const repo = createContestRepo(db);
  const cache = createContestCache(repo, timer);
  const { entries, requireEntry, freshStage, viewJson } = cache;
  const writes = createContestWrites(db, logger, cache);
  const { starts, answers, submits } = writes;

  /**
   * The caller's submitted `attempt` as POST /contest/submit answers it: its answers (revealed only
   * after close, issue #3) and, once finalized, its rating change.
   */
  async function submittedView(entry: Entry, attempt: AttemptRecord, userId: string, nowMs: number): Promise<ContestAttempt> {
    const id = entry.record.id;
    const [answers, ratingChanges] = await Promise.all([repo.answersOfUser(userId, [id]), repo.ratingChangesOf(userId, [id])]);
    const view = attemptView(entry.record, attempt, answers.get(id) ?? [], {
      revealed: isRevealed(entry.record, nowMs),
      questions: entry.questions,
      ratingChange: ratingChanges.get(id) ?? null,
    });
    return (await withPaceFlags(db, [view]))[0]!;
  }

  /** Why an answer or submission was refused, from the attempt as stored now. */
  async function refusal(contestId: string, userId: string): Promise<AppError> {
    const attempt = await repo.findAttempt(contestId, userId);
    if (!attempt) return new AppError(ErrorCode.NOT_REGISTERED, CONTEST_ERRORS.registerFirst);
    if (attempt.submittedMs !== null) return new AppError(ErrorCode.ALREADY_SUBMITTED, CONTEST_ERRORS.alreadySubmitted);
    if (attempt.startedMs === null) return new AppError(ErrorCode.ATTEMPT_NOT_STARTED, CONTEST_ERRORS.startFirst);
    return new AppError(ErrorCode.CONTEST_OVER, CONTEST_ERRORS.over);
  }

  const scheduler = createContestScheduler({ ...deps, timer, repo, cache });
  const select = (kind: 'next' | 'current', nowMs: number): Promise<Entry | null> => cache.select(kind, nowMs, scheduler.ensureScheduled);
  let closing: Promise<void> | null = null;

  return {
    async next(user) {
      const nowMs = clock.now();
      const entry = await select('next', nowMs);
      if (!entry) throw new Error('no next contest');
      return `{"contest":${await viewJson(entry, user, nowMs)}}`;
    },

    async current(user) {
      const nowMs = clock.now();
      const entry = await select('current', nowMs);
      return entry ? `{"contest":${await viewJson(entry, user, nowMs)}}` : '{"contest":null}';
    },

    namesChanged() {
      for (const entry of entries.values()) entry.leaderboard = null;
    },

    async leaderboard(contestId, limit) {
      const entry = await requireEntry(contestId);
      if ((await freshStage(entry)) !== 'finalized') return { leaderboard: [], finalized: false };
      entry.leaderboard ??= (await repo.leaderboardRows(contestId, LEADERBOARD_CACHE_SIZE)).map(leaderboardEntry);
      return { leaderboard: await withPaceFlags(db, entry.leaderboard.slice(0, limit)), finalized: true };
    },

    async stats(contestId) {
      const entry = await requireEntry(contestId);
      const stage = await freshStage(entry);
      const cached = entry.stats;
      if (cached && (cached.final || timer.now() - cached.at < STATS_TTL_MS)) return { stats: cached.value };
      // Averages once the close transition has auto-submitted everyone (stage closed or later).
      const closed = stage === 'closed' || stage === 'finalized';
      const value = statsView(await repo.statsRow(contestId), closed);
      entry.stats = { value, at: timer.now(), final: stage === 'finalized' };
      return { stats: value };
    },

    async register(user, contestId) {
      if (user.isGuest) throw new AppError(ErrorCode.ACCOUNT_REQUIRED, CONTEST_ERRORS.guestCannotRegister);
      const entry = await requireEntry(contestId);
      const nowMs = clock.now();
      if (nowMs >= entry.record.openMs) throw new AppError(ErrorCode.REGISTRATION_CLOSED, CONTEST_ERRORS.registrationClosed);
      const attemptId = randomUUID();
      const outcome = await repo.register({ attemptId, contestId, userId: user.id, nowMs });
      if (outcome === 'closed') throw new AppError(ErrorCode.REGISTRATION_CLOSED, CONTEST_ERRORS.registrationClosed);
      if (outcome === 'registered') (entry.attemptIds ??= new Map()).set(user.id, attemptId);
      cache.noteRegistered(entry, user.id);
      return `{"registered":true,"contest":${await viewJson(entry, user, nowMs)}}`;
    },

    async start(user, contestId) {
      const entry = await requireEntry(contestId);
      const nowMs = clock.now();
      if (nowMs < entry.record.openMs) throw new AppError(ErrorCode.CONTEST_NOT_STARTED, CONTEST_ERRORS.notStarted);
      if (nowMs > entry.record.closeMs) throw new AppError(ErrorCode.CONTEST_OVER, CONTEST_ERRORS.over);
      const result = await starts.submit({ contestId, userId: user.id, nowMs, attemptId: entry.attemptIds?.get(user.id) });
      if (result.kind === 'over') throw new AppError(ErrorCode.CONTEST_OVER, CONTEST_ERRORS.over);
      if (result.kind === 'not-registered') throw new AppError(ErrorCode.NOT_REGISTERED, CONTEST_ERRORS.registerFirst);
      const attempt = attemptView(entry.record, result.attempt, result.answers, { revealed: false, questions: entry.questions, ratingChange: null });
      return `{"attempt":${JSON.stringify(attempt)},"questions":${entry.questionsJson}}`;
    },

    async submitAnswer(user, body) {
      const entry = await requireEntry(body.contestId);
      if (body.questionIndex >= entry.record.questionCount) throw new AppError(ErrorCode.INVALID_INPUT, CONTEST_ERRORS.indexOutOfRange);
      const nowMs = clock.now();
      if (nowMs < entry.record.openMs) throw new AppError(ErrorCode.CONTEST_NOT_STARTED, CONTEST_ERRORS.notStarted);
      if (nowMs > entry.record.closeMs) throw new AppError(ErrorCode.CONTEST_OVER, CONTEST_ERRORS.over);
      const result = await answers.submit({
        contestId: body.contestId,
        userId: user.id,
        questionIndex: body.questionIndex,
        answer: body.answer,
        timeSpent: body.timeSpent,
        receivedMs: nowMs,
      });
      if (result === 'refused') throw await refusal(body.contestId, user.id);
      return { saved: true, questionIndex: body.questionIndex, receivedAt: new Date(nowMs).toISOString() };
    },

    async submit(user, contestId) {
      const entry = await requireEntry(contestId);
      const nowMs = clock.now();
      if (nowMs < entry.record.openMs) throw new AppError(ErrorCode.CONTEST_NOT_STARTED, CONTEST_ERRORS.notStarted);
      if (nowMs > entry.record.closeMs) {
        // The close transition submits every started attempt (within one scheduler pass); a
        // submit that arrives after it (a page's own at the closing second) gets that attempt, one
        // that arrives before it is told the server is submitting it.
        const attempt = await repo.findAttempt(contestId, user.id);
        if (!attempt) throw new AppError(ErrorCode.NOT_REGISTERED, CONTEST_ERRORS.registerFirst);
        if (attempt.startedMs === null) throw new AppError(ErrorCode.CONTEST_OVER, CONTEST_ERRORS.over);
        if (attempt.submittedMs === null) throw new AppError(ErrorCode.ALREADY_SUBMITTED, CONTEST_ERRORS.alreadySubmitted);
        return { attempt: await submittedView(entry, attempt, user.id, nowMs) };
      }
      const result = await submits.submit({ contestId, userId: user.id, nowMs });
      switch (result.kind) {
        case 'ok':
          // The submitter's results page reads the statistics next: count this submission at once.
          entry.stats = null;
          return {
            attempt: attemptView(entry.record, result.attempt, result.answers, { revealed: false, questions: entry.questions, ratingChange: null }),
          };
        case 'no-answers':
          throw new AppError(ErrorCode.NO_ANSWERS, CONTEST_ERRORS.noAnswers);
        case 'not-registered':
          throw new AppError(ErrorCode.NOT_REGISTERED, CONTEST_ERRORS.registerFirst);
        case 'not-started':
          throw new AppError(ErrorCode.ATTEMPT_NOT_STARTED, CONTEST_ERRORS.startFirst);
        case 'submitted': {
          // Submitting again (a retry whose first response was lost) is not an error: the same attempt.
          const attempt = await repo.findAttempt(contestId, user.id);
          if (!attempt) throw new AppError(ErrorCode.NOT_REGISTERED, CONTEST_ERRORS.registerFirst);
          return { attempt: await submittedView(entry, attempt, user.id, nowMs) };
        }
      }
    },

    async history(user, limit) {
      const nowMs = clock.now();
      const all = await repo.startedAttemptsOf(user.id);
      const progress = contestProgress(
        all.filter((a) => a.stage === 'finalized' && a.attempt.rank !== null).map(({ contest, attempt }) => ({ contest, attempt })),
      );
      const shown = limit === undefined ? all : all.slice(0, limit);
      const ids = shown.map((a) => a.contest.id);
      const [answersByContest, ratingChanges] = await Promise.all([repo.answersOfUser(user.id, ids), repo.ratingChangesOf(user.id, ids)]);
      const attempts = shown.map(({ contest, stage, attempt }) => {
        const entry = cache.entryFrom(contest, stage);
        return attemptView(contest, attempt, answersByContest.get(contest.id) ?? [], {
          revealed: isRevealed(contest, nowMs),
          questions: entry.questions,
          ratingChange: ratingChanges.get(contest.id) ?? null,
        });
      });
      return { progress, attempts: await withPaceFlags(db, attempts) };
    },

    async past(user, contestId) {
      const entry = await requireEntry(contestId);
      const attempt = await repo.findAttempt(contestId, user.id);
      if (!attempt || attempt.startedMs === null) throw new AppError(ErrorCode.NOT_A_PARTICIPANT, CONTEST_ERRORS.attemptNotFound);
      if (!isRevealed(entry.record, clock.now())) throw new AppError(ErrorCode.NOT_REVEALED, CONTEST_ERRORS.notRevealed);
      const given = await repo.answersOf(contestId, user.id);
      return { contestDetails: contestDetails(entry.record, attempt, given, entry.questions) };
    },

    async create(user, body) {
      if (!(await deps.operators.isOperator(user.id))) throw new AppError(ErrorCode.OPERATOR_ONLY, CONTEST_ERRORS.adminOnly);
      const input = parseInput(adminCreateContestBodySchema, body);
      const nowMs = clock.now();
      const openMs = Date.parse(input.openTime);
      if (!(openMs > nowMs)) throw new AppError(ErrorCode.INVALID_INPUT, CONTEST_ERRORS.openTimeInPast);
      const id = randomUUID();
      await repo.insertContest({
        id,
        title: input.title ?? DEFAULT_CONTEST_TITLE,
        openMs,
        durationMinutes: input.durationMinutes,
        questionCount: input.questionCount,
        seed: randomUUID(),
        questionVersion: LATEST_GENERATOR_VERSION,
        scheduleSlot: null,
        createdBy: user.id,
        createdMs: nowMs,
      });
      cache.forgetSelections();
      scheduler.wake();
      logger.info({ contestId: id, openTime: new Date(openMs).toISOString(), by: user.id }, 'contest scheduled by an administrator');
      const entry = await requireEntry(id);
      return `{"contest":${await viewJson(entry, user, nowMs)}}`;
    },

    tick(options) {
      return scheduler.runPass(true, options?.stopAt);
    },

    close() {
      closing ??= (async () => {
        await scheduler.stop();
        await writes.drain();
      })();
      return closing;
    },
  };
}
