/**
 * The weekly contest (issue #3; spec §2 "Weekly contest card", "Contest taking", "Contest results",
 * §3, §4, §7 "Weekly contest"): schedule, registration, taking it, results, leaderboard, statistics,
 * the caller's history, and the lifecycle that closes, ranks and rates it.
 *
 * Performance (issue #3 benchmark, 5,000 players on embedded PGlite): contests never change after
 * creation except their stage, so their rows, questions (regenerated from the stored seed) and the
 * questions' JSON are cached in memory; start, submit-answer and submit go through group commits
 * (group-commit.ts), one transaction per batch, each request answered after COMMIT; the registered
 * list of a ContestView is cached as JSON. Reads that several processes could change (registrations,
 * stage) are cached briefly (REGISTRATION_TTL_MS, STAGE_TTL_MS) and refreshed from the database.
 * Shortly before the opening (PREPARE_LEAD_MS) each process reads the contest's attempt ids, so
 * that a first start costs one UPDATE by primary key inside a group commit.
 *
 * Time comes only from the injected Clock; cache lifetimes are real time (`Date.now`), since they
 * are about other processes, not about the contest.
 */
import { randomUUID } from 'node:crypto';
import { contestQuestions, LATEST_GENERATOR_VERSION, type Question } from '@mathsprint/shared/domain';
import {
  adminCreateContestBodySchema,
  CONTEST_ERRORS,
  type ContestAttempt,
  type ContestDetailsResponse,
  type ContestHistoryResponse,
  type ContestLeaderboardEntry,
  type ContestLeaderboardResponse,
  type ContestRegisterResponse,
  type ContestResponse,
  type ContestStage,
  type ContestStartResponse,
  type ContestStats,
  type ContestStatsResponse,
  type ContestSubmitAnswerBody,
  type ContestSubmitAnswerResponse,
  type ContestSubmitResponse,
  type CurrentContestResponse,
  type RatingUpdateEntry,
} from '@mathsprint/shared/protocol';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { SessionUser } from '../platform/session-user.js';
import type { OperatorsService } from '../accounts/operators.service.js';
import type { Config } from '../config.js';
import { HttpError, parseInput } from '../http/errors.js';
import type { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import type { Clock } from '../platform/clock.js';
import type { Database, Transaction } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { Notifier } from '../platform/notifier.js';
import type { RatingChange } from '../rating/rating.service.js';
import { closeContest, finalizeContest, openContest } from './contest-lifecycle.js';
import { paceThresholds, withPaceFlags } from '../fair-play/fair-play.service.js';
import { nextContestOpenTime } from './contest-schedule.js';
import {
  attemptTimeMs,
  attemptView,
  contestDetails,
  contestProgress,
  contestStatus,
  contestViewFields,
  isRevealed,
  leaderboardEntry,
  publicQuestions,
  scoreAnswers,
  statsView,
  type AttemptRecord,
  type ContestRecord,
} from './contest-views.js';
import {
  createContestRepo,
  writeAnswers,
  writeStarts,
  writeSubmits,
  type AnswerItem,
  type AnswerResult,
  type StartItem,
  type StartResult,
  type SubmitItem,
  type SubmitResult,
} from './contest.repo.js';
import { createGroupCommit } from './group-commit.js';

/** A response body already serialised to JSON, of shape T (large cached parts are spliced in as text). */
export type JsonBody<T> = string & { readonly __shape?: T };

/** Title of the contests the schedule makes (spec §2 "Contest results": the fallback title). */
export const DEFAULT_CONTEST_TITLE = 'Weekly Math Contest';

/** How many leaderboard rows are cached per finalized contest: the query's maximum limit (protocol: 1–100). */
const LEADERBOARD_CACHE_SIZE = 100;
/** Registered lists are re-read after 2 s, so registrations made by another process show up soon. */
const REGISTRATION_TTL_MS = 2_000;
/** A stage not yet 'finalized' is re-read after 1 s (another process may have moved it). */
const STAGE_TTL_MS = 1_000;
/** Statistics of a contest not yet finalized are recomputed at most every 2 s; a submit on this
 * process drops them, so that the submitter's results page counts the submission. */
const STATS_TTL_MS = 2_000;
/** /contest/next and /contest/current answers are reused for 1 s while the chosen contest's status holds. */
const SELECTION_TTL_MS = 1_000;
/**
 * Group-commit lingers (group-commit.ts): an answer waits at most 4 ms for company, a small part of
 * its 25 ms p99 budget, which under a burst makes batches several times larger (each transaction
 * costs three statements on PGlite's single thread whatever its size). Starts and submissions come
 * in bursts (the opening, the final minute) with a 500 ms budget, so they wait 10 ms.
 */
const ANSWER_LINGER_MS = 4;
const START_LINGER_MS = 10;
const SUBMIT_LINGER_MS = 10;
/**
 * How long before its opening a contest is prepared in each process: its attempt ids read in one
 * query (~5,000 rows), so the opening burst does not look each attempt up. Registrations after that are mostly made through this process
 * (they add themselves) or take the slower path; 15 s leaves the scheduler many passes to do it
 * and keeps late registrations few.
 */
const PREPARE_LEAD_MS = 15_000;
/**
 * How long before the opening the registered players' sessions are read into the session cache
 * (AccountsService.primeSessions), in ms, so the opening burst, when every player calls
 * POST /contest/start, does not look 5,000 users up. After the preparation (which learns who
 * registered); at most half the session cache's lifetime (SESSION_CACHE_TTL_MS) before the opening,
 * so the rows are still cached when it comes.
 */
const PRIME_SESSIONS_LEAD_MS = 10_000;
/**
 * Between contests the scheduler has nothing to do until the next opening nears: it sleeps through
 * its passes until PREPARE_LEAD_MS before that opening, but reads the contests again at least this
 * often (real time, ms), to see contests that other processes or an operator scheduled meanwhile.
 * Every pass is a query; on the embedded database each one holds the event loop for about a
 * millisecond, which the Math Challenge's answer acknowledgements would wait behind four times a
 * second (bench/duel).
 */
const QUIET_RECHECK_MS = 5_000;
/** A failed preparation is retried after this long (real time), ms. */
const PREPARE_RETRY_MS = 5_000;
/** Back-off of a failing transition: 500 ms × 2^(failures−1), at most 30 s, so a broken one does not spin. */
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 30_000;

export interface ContestService {
  /** GET /contest/next: the contest of the home card (contest-card.ts): one that closed less than a
   * day ago (at most half-way to the next opening), else the live contest, else the earliest upcoming
   * one (always exists). */
  next(user: SessionUser | null): Promise<JsonBody<ContestResponse>>;
  /** GET /contest/current: the live contest, else the most recently closed one, else null. */
  current(user: SessionUser | null): Promise<JsonBody<CurrentContestResponse>>;
  /**
   * GET /contest/leaderboard: ranked rows (best first, at most `limit` of 1–100) once finalized, [] before.
   * @throws HttpError 404 'Contest not found'.
   */
  leaderboard(contestId: string, limit: number): Promise<ContestLeaderboardResponse>;
  /** Drops the cached leaderboards of finalized contests: a player's name changed (an account
   * deletion); the next request reads them again. */
  namesChanged(): void;
  /**
   * GET /contest/stats: counts always; averages once the contest is closed (0 before).
   * @throws HttpError 404 'Contest not found'.
   */
  stats(contestId: string): Promise<ContestStatsResponse>;
  /**
   * POST /contest/register: makes the caller's attempt row; registering again answers the same.
   * @throws HttpError 403 'Please sign up to register for the contest' (guest), 404, 409 'Registration is closed' (from openTime on).
   */
  register(user: SessionUser, contestId: string): Promise<JsonBody<ContestRegisterResponse>>;
  /**
   * POST /contest/start: sets startedAt on the first call, returns the attempt (with saved answers)
   * and the questions without answers. Also after the caller submitted (status submitted).
   * @throws HttpError 404; 409 'The contest has not started yet' / 'The contest is over' outside
   *   openTime..closeTime; 403 'Please register for the contest first'.
   */
  start(user: SessionUser, contestId: string): Promise<JsonBody<ContestStartResponse>>;
  /**
   * POST /contest/submit-answer: upserts the answer (last one wins), committed before this resolves.
   * @throws HttpError 404; 400 'questionIndex is out of range'; 409 not started yet / 'The contest is
   *   over' / 'Start the contest first' / 'Your attempt is already submitted'; 403 not registered.
   */
  submitAnswer(user: SessionUser, body: ContestSubmitAnswerBody): Promise<ContestSubmitAnswerResponse>;
  /**
   * POST /contest/submit: marks the attempt submitted with its score (5 points per correct answer),
   * counts and server-measured time. Answers stay hidden until close. Idempotent: an attempt already
   * submitted (by an earlier call, or by the server at close) is answered as it stands.
   * @throws HttpError 404; 400 'Please answer at least one question before submitting'; 409 'Start
   *   the contest first' / not started yet / 'The contest is over' (never started) / 'Your attempt is
   *   already submitted' (after close, before the close pass has submitted it); 403 not registered.
   */
  submit(user: SessionUser, contestId: string): Promise<ContestSubmitResponse>;
  /** GET /contest/history: progress over the caller's finalized contests and their started attempts (most recent first, `limit`). */
  history(user: SessionUser, limit: number | undefined): Promise<ContestHistoryResponse>;
  /**
   * GET /contest/past/{contestId}: the per-question review of the caller's attempt.
   * @throws HttpError 404 (unknown contest, or no started attempt); 409 'Answers are revealed when the contest closes'.
   */
  past(user: SessionUser, contestId: string): Promise<ContestDetailsResponse>;
  /**
   * POST /admin/contests with an unparsed body: schedules a contest (new id and seed).
   * @throws HttpError 403 'Only administrators can schedule contests' unless the caller is an
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
  clock: Clock;
  logger: Logger;
  notifier: Notifier;
  leaderboard: LeaderboardService;
  /** The session cache of AccountsService, primed with the registered players just before an opening. */
  sessions?: Pick<AccountsService, 'primeSessions'>;
  /** Who may schedule contests (POST /admin/contests), read at each call. */
  operators: Pick<OperatorsService, 'isOperator'>;
}

interface Registration {
  ids: string[];
  set: Set<string>;
  /** JSON of `ids`, built on first use after a change. */
  json: string | null;
  /** Real time of the read. */
  loadedAt: number;
}

/** What the service keeps of one contest. */
interface Entry {
  record: ContestRecord;
  questions: Question[];
  /** JSON of the public questions (text, points, difficulty, topics), the bulk of every start response. */
  questionsJson: string;
  stage: ContestStage;
  stageReadAt: number;
  registration: Registration | null;
  registrationLoad: Promise<Registration> | null;
  /** Ids registered in this process with the real time, re-applied to a list read while they committed. */
  recentRegistrations: Array<{ userId: string; at: number }>;
  leaderboard: ContestLeaderboardEntry[] | null;
  stats: { value: ContestStats; at: number; final: boolean } | null;
  /** Attempt id by user id, read shortly before the opening (PREPARE_LEAD_MS) and added to by this process's registrations; null before. */
  attemptIds: Map<string, string> | null;
  /** 'done' once prepared; otherwise the real time before which not to try (again). */
  prepared: 'done' | number;
  /** Whether the registered players' sessions were read into the session cache for the opening. */
  sessionsPrimed: boolean;
}

/** ratingUpdate entry as the duel sends it (rating.service.ts): whole rating points. */
function publicRating(change: RatingChange): RatingUpdateEntry {
  return { _id: change.userId, name: change.name, rating: Math.round(change.after.rating), rd: Math.round(change.after.rd) };
}

export function createContestService(deps: ContestDeps): ContestService {
  const { db, config, clock, logger, notifier, leaderboard, sessions } = deps;
  const primeLeadMs = Math.min(PRIME_SESSIONS_LEAD_MS, config.SESSION_CACHE_TTL_MS / 2);
  const repo = createContestRepo(db);
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry | null>>();

  // ——— Contest cache ———

  function makeEntry(record: ContestRecord, stage: ContestStage): Entry {
    const questions = contestQuestions(record.seed, record.questionCount, record.questionVersion);
    return {
      record,
      questions,
      questionsJson: JSON.stringify(publicQuestions(questions)),
      stage,
      stageReadAt: Date.now(),
      registration: null,
      registrationLoad: null,
      recentRegistrations: [],
      leaderboard: null,
      stats: null,
      attemptIds: null,
      prepared: 0,
      sessionsPrimed: false,
    };
  }

  /** The cached contest, loaded once (concurrent misses share one query); null when unknown. */
  function entryOf(id: string): Promise<Entry | null> {
    const cached = entries.get(id);
    if (cached) return Promise.resolve(cached);
    let pending = loading.get(id);
    if (!pending) {
      pending = repo
        .findContest(id)
        .then((found) => {
          if (!found) return null;
          const entry = entries.get(id) ?? makeEntry(found.record, found.stage);
          entries.set(id, entry);
          return entry;
        })
        .finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  function entryFrom(record: ContestRecord, stage: ContestStage): Entry {
    let entry = entries.get(record.id);
    if (!entry) {
      entry = makeEntry(record, stage);
      entries.set(record.id, entry);
    } else {
      noteStage(entry, stage);
    }
    return entry;
  }

  async function requireEntry(id: string): Promise<Entry> {
    const entry = await entryOf(id);
    if (!entry) throw new HttpError(404, CONTEST_ERRORS.notFound);
    return entry;
  }

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

  const STAGE_ORDER: Record<ContestStage, number> = { upcoming: 0, live: 1, closed: 2, finalized: 3 };

  /** Records a stage read or made; stages only move forward. */
  function noteStage(entry: Entry, stage: ContestStage): void {
    if (STAGE_ORDER[stage] > STAGE_ORDER[entry.stage]) {
      entry.stage = stage;
      entry.stats = null;
      entry.leaderboard = null;
    }
    entry.stageReadAt = Date.now();
  }

  /** The stage, re-read when it may have moved in another process. */
  async function freshStage(entry: Entry): Promise<ContestStage> {
    if (entry.stage !== 'finalized' && Date.now() - entry.stageReadAt > STAGE_TTL_MS) {
      const stage = await repo.stageOf(entry.record.id);
      if (stage) noteStage(entry, stage);
    }
    return entry.stage;
  }

  // ——— Registered users ———

  async function registrationOf(entry: Entry): Promise<Registration> {
    if (entry.registration && Date.now() - entry.registration.loadedAt <= REGISTRATION_TTL_MS) return entry.registration;
    if (!entry.registrationLoad) {
      const startedAt = Date.now();
      entry.registrationLoad = repo
        .registeredUserIds(entry.record.id)
        .then((ids) => {
          const registration: Registration = { ids, set: new Set(ids), json: null, loadedAt: startedAt };
          // Registrations of this process that committed while the list was read.
          for (const r of entry.recentRegistrations) addRegistered(registration, r.userId);
          entry.recentRegistrations = entry.recentRegistrations.filter((r) => r.at >= startedAt);
          entry.registration = registration;
          return registration;
        })
        .finally(() => {
          entry.registrationLoad = null;
        });
    }
    return entry.registrationLoad;
  }

  function addRegistered(registration: Registration, userId: string): void {
    if (registration.set.has(userId)) return;
    registration.set.add(userId);
    registration.ids.push(userId);
    // Appended rather than re-serialised: thousands register in the minutes before the opening.
    if (registration.json !== null) {
      registration.json = `${registration.json.slice(0, -1)}${registration.ids.length > 1 ? ',' : ''}${JSON.stringify(userId)}]`;
    }
  }

  /** ContestView JSON: the fields, with the cached registered-ids JSON spliced in. */
  async function viewJson(entry: Entry, user: SessionUser | null, nowMs: number): Promise<string> {
    const [stage, registration] = await Promise.all([freshStage(entry), registrationOf(entry)]);
    const fields = contestViewFields(
      entry.record,
      stage,
      { count: registration.ids.length, callerRegistered: user !== null && registration.set.has(user.id) },
      nowMs,
    );
    registration.json ??= JSON.stringify(registration.ids);
    const head = JSON.stringify(fields);
    return `${head.slice(0, -1)},"registeredUsers":${registration.json}}`;
  }

  // ——— next / current ———

  let selections: Record<'next' | 'current', { id: string; status: string; expires: number; atMs: number } | null> = { next: null, current: null };

  async function select(kind: 'next' | 'current', nowMs: number): Promise<Entry | null> {
    const memo = selections[kind];
    // Reused for SELECTION_TTL_MS of real time and of the service's clock (which tests move).
    if (memo && Date.now() < memo.expires && nowMs >= memo.atMs && nowMs - memo.atMs < SELECTION_TTL_MS) {
      const entry = entries.get(memo.id);
      if (entry && contestStatus(entry.record, nowMs) === memo.status) return entry;
    }
    let id = kind === 'next' ? await repo.nextContestId(nowMs) : await repo.currentContestId(nowMs);
    if (!id && kind === 'next') {
      // Only before the first scheduler pass could this happen; make the occurrence now.
      await ensureScheduled(nowMs);
      id = await repo.nextContestId(nowMs);
      if (!id) throw new Error('no upcoming contest even after scheduling the next occurrence');
    }
    if (!id) return null;
    const entry = await entryOf(id);
    if (entry) selections[kind] = { id, status: contestStatus(entry.record, nowMs), expires: Date.now() + SELECTION_TTL_MS, atMs: nowMs };
    return entry;
  }

  function forgetSelections(): void {
    selections = { next: null, current: null };
  }

  // ——— Batched writes ———

  /** Runs one group-commit batch in a transaction, with a debug line of its size and duration. */
  function batch<I, R>(kind: string, take: () => readonly I[], write: (tx: Transaction, items: readonly I[]) => Promise<R[]>): Promise<R[]> {
    const requested = performance.now();
    return db.transaction(async (tx) => {
      const began = performance.now();
      const items = take();
      const results = await write(tx, items);
      if (logger.isLevelEnabled('debug')) {
        logger.debug({ kind, size: items.length, waitMs: began - requested, writeMs: performance.now() - began }, 'contest batch written');
      }
      return results;
    });
  }

  const starts = createGroupCommit<StartItem, StartResult>({
    lingerMs: START_LINGER_MS,
    write: (take) => batch('start', take, writeStarts),
  });
  const answers = createGroupCommit<AnswerItem, AnswerResult>({
    lingerMs: ANSWER_LINGER_MS,
    write: (take) => batch('answer', take, writeAnswers),
  });
  const submits = createGroupCommit<SubmitItem, SubmitResult>({
    lingerMs: SUBMIT_LINGER_MS,
    write: (take) =>
      batch('submit', take, (tx, items) =>
        writeSubmits(
          tx,
          items,
          (contestId, given) => scoreAnswers(entries.get(contestId)?.questions ?? [], given),
          (contestId, startedMs, submittedMs) =>
            attemptTimeMs(startedMs, submittedMs, entries.get(contestId)?.record.durationMinutes ?? 0),
        ),
      ),
  });

  /** Why an answer or submission was refused, from the attempt as stored now. */
  async function refusal(contestId: string, userId: string): Promise<HttpError> {
    const attempt = await repo.findAttempt(contestId, userId);
    if (!attempt) return new HttpError(403, CONTEST_ERRORS.registerFirst);
    if (attempt.submittedMs !== null) return new HttpError(409, CONTEST_ERRORS.alreadySubmitted);
    if (attempt.startedMs === null) return new HttpError(409, CONTEST_ERRORS.startFirst);
    return new HttpError(409, CONTEST_ERRORS.over);
  }

  // ——— Scheduler and lifecycle ———

  /**
   * Opening time (epoch ms) of the schedule slot made (or found made) last. While the clock is before
   * it, it is still the next occurrence, so a pass neither parses the schedule nor writes.
   */
  let ensuredSlotMs = Number.NEGATIVE_INFINITY;

  async function ensureScheduled(nowMs: number): Promise<void> {
    if (nowMs < ensuredSlotMs) return;
    const openTime = nextContestOpenTime(config.CONTEST_CRON, config.CONTEST_TIMEZONE, nowMs);
    const slot = openTime.toISOString();
    const inserted = await repo.insertContest({
      id: randomUUID(),
      title: DEFAULT_CONTEST_TITLE,
      openMs: openTime.getTime(),
      durationMinutes: config.CONTEST_DURATION_MINUTES,
      questionCount: config.CONTEST_QUESTION_COUNT,
      seed: randomUUID(),
      questionVersion: LATEST_GENERATOR_VERSION,
      scheduleSlot: slot,
      createdBy: null,
      createdMs: nowMs,
    });
    ensuredSlotMs = openTime.getTime();
    if (inserted) {
      forgetSelections();
      logger.info({ openTime: slot, cron: config.CONTEST_CRON, timeZone: config.CONTEST_TIMEZONE }, 'scheduled the next weekly contest');
    }
  }

  const failures = new Map<string, { count: number; notBefore: number }>();

  /**
   * Prepares a contest about to open (or open, after a restart) in this process: its attempt ids.
   * Once per contest; a failure is logged and
   * retried after PREPARE_RETRY_MS (starts work unprepared, only slower).
   */
  async function prepare(id: string, nowMs: number): Promise<void> {
    const entry = await entryOf(id);
    if (!entry || entry.prepared === 'done' || Date.now() < entry.prepared) return;
    if (nowMs < entry.record.openMs - PREPARE_LEAD_MS || nowMs > entry.record.closeMs) return;
    const started = Date.now();
    try {
      const rows = await repo.attemptIds(id);
      const attemptIds = new Map(rows.map((r) => [r.userId, r.attemptId]));
      // Registrations of this process that committed while the rows were read add themselves now.
      for (const [userId, attemptId] of entry.attemptIds ?? []) attemptIds.set(userId, attemptId);
      entry.attemptIds = attemptIds;
      entry.prepared = 'done';
      logger.info({ contestId: id, attempts: attemptIds.size, ms: Date.now() - started }, 'contest prepared for its opening');
    } catch (error) {
      entry.prepared = Date.now() + PREPARE_RETRY_MS;
      logger.warn({ err: error, contestId: id }, 'contest preparation failed; starts read attempts themselves until a retry succeeds');
    }
  }

  /**
   * Reads the registered players' sessions into the session cache once, PRIME_SESSIONS_LEAD_MS
   * before the opening (after preparation, which knows who registered). Not awaited by the
   * scheduler pass; a failure only leaves the starts to read sessions themselves.
   */
  function primeSessions(id: string, nowMs: number): void {
    const entry = entries.get(id);
    if (!sessions || primeLeadMs <= 0 || !entry?.attemptIds || entry.sessionsPrimed) return;
    if (nowMs < entry.record.openMs - primeLeadMs || nowMs > entry.record.openMs) return;
    entry.sessionsPrimed = true;
    const started = Date.now();
    sessions.primeSessions([...entry.attemptIds.keys()]).then(
      (cached) => logger.info({ contestId: id, cached, ms: Date.now() - started }, 'sessions of registered players read for the opening'),
      (error: unknown) => logger.warn({ err: error, contestId: id }, 'could not read sessions ahead of the opening; starts read them themselves'),
    );
  }

  function notifyRatings(changes: readonly RatingChange[]): void {
    // Each participant gets their own entry: the client only looks for itself (spec §4 "Live rating
    // update"), and a 5,000-entry list sent to 5,000 sockets would be 25 million entries.
    for (const change of changes) notifier.toUser(change.userId, 'ratingUpdate', [publicRating(change)]);
  }

  /** Moves one contest through every transition due at `nowMs`, each claimed in the database. */
  async function advance(id: string, storedStage: ContestStage, nowMs: number, stopAt: ContestStage | undefined): Promise<void> {
    const entry = await entryOf(id);
    if (!entry) return;
    noteStage(entry, storedStage);
    const { record } = entry;
    if (entry.stage === 'upcoming' && nowMs >= record.openMs) {
      if (await openContest(db, record, nowMs)) logger.info({ contestId: id }, 'contest is live');
      noteStage(entry, (await repo.stageOf(id)) ?? entry.stage);
    }
    if (stopAt === 'live') return;
    if (entry.stage === 'live' && nowMs > record.closeMs) {
      const autoSubmitted = await closeContest(db, record, entry.questions, nowMs);
      if (autoSubmitted !== null) logger.info({ contestId: id, autoSubmitted }, 'contest closed');
      noteStage(entry, (await repo.stageOf(id)) ?? entry.stage);
    }
    if (stopAt === 'closed') return;
    if (entry.stage === 'closed') {
      const started = Date.now();
      const outcome = await finalizeContest(db, record, nowMs, config.GLICKO_TAU, paceThresholds(config));
      noteStage(entry, (await repo.stageOf(id)) ?? entry.stage);
      if (!outcome) return;
      logger.info(
        { contestId: id, participants: outcome.participants, rated: outcome.changes.length, ms: Date.now() - started },
        'contest finalized: ranks, badges and ratings stored',
      );
      notifyRatings(outcome.changes);
      if (outcome.changes.length > 0) {
        try {
          if (await leaderboard.refresh()) notifier.toAll('leaderboardUpdate', leaderboard.top());
        } catch (error) {
          logger.warn({ err: error }, 'leaderboard refresh after a contest failed');
        }
      }
    }
  }

  /**
   * While nothing is due, the loop skips its passes until the clock reaches `quiet.untilMs` or real
   * time reaches `quiet.recheckAt` (QUIET_RECHECK_MS after the read that found nothing).
   */
  const quiet = { untilMs: 0, recheckAt: 0 };
  const isQuiet = (): boolean => clock.now() < quiet.untilMs && Date.now() < quiet.recheckAt;

  async function pass(force: boolean, stopAt: ContestStage | undefined): Promise<void> {
    const nowMs = clock.now();
    try {
      await ensureScheduled(nowMs);
    } catch (error) {
      logger.error({ err: error }, 'could not make the next scheduled contest; will retry');
    }
    const due = await repo.dueContests(nowMs + PREPARE_LEAD_MS);
    if (due.length === 0) {
      const nextOpenMs = await repo.nextOpeningAfter(nowMs + PREPARE_LEAD_MS);
      quiet.untilMs = Math.min(nextOpenMs ?? Number.POSITIVE_INFINITY, ensuredSlotMs) - PREPARE_LEAD_MS;
      quiet.recheckAt = Date.now() + QUIET_RECHECK_MS;
    } else {
      quiet.untilMs = 0;
    }
    for (const { id, stage } of due) {
      await prepare(id, nowMs);
      primeSessions(id, nowMs);
      const failure = failures.get(id);
      if (!force && failure && Date.now() < failure.notBefore) continue;
      try {
        await advance(id, stage, nowMs, stopAt);
        failures.delete(id);
      } catch (error) {
        const count = (failure?.count ?? 0) + 1;
        const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (count - 1));
        failures.set(id, { count, notBefore: Date.now() + delay });
        logger.error({ err: error, contestId: id, failures: count, retryInMs: delay }, 'contest transition failed; rolled back, will retry');
      }
    }
  }

  let chain: Promise<void> = Promise.resolve();
  let queuedPasses = 0;
  function runPass(force: boolean, stopAt?: ContestStage): Promise<void> {
    queuedPasses++;
    const run = chain.then(() => pass(force, stopAt)).finally(() => queuedPasses--);
    chain = run.catch(() => undefined);
    return run;
  }

  let closing: Promise<void> | null = null;
  const interval = config.CONTEST_SCHEDULER_INTERVAL_MS;
  const timer =
    interval > 0
      ? setInterval(() => {
          if (queuedPasses > 0 || closing || isQuiet()) return;
          runPass(false).catch((error: unknown) => logger.error({ err: error }, 'contest scheduler pass failed'));
        }, interval)
      : null;
  // The loop must not keep a finished process alive; shutdown calls close() anyway.
  timer?.unref();

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
      if (cached && (cached.final || Date.now() - cached.at < STATS_TTL_MS)) return { stats: cached.value };
      // Averages once the close transition has auto-submitted everyone (stage closed or later).
      const closed = stage === 'closed' || stage === 'finalized';
      const value = statsView(await repo.statsRow(contestId), closed);
      entry.stats = { value, at: Date.now(), final: stage === 'finalized' };
      return { stats: value };
    },

    async register(user, contestId) {
      if (user.isGuest) throw new HttpError(403, CONTEST_ERRORS.guestCannotRegister);
      const entry = await requireEntry(contestId);
      const nowMs = clock.now();
      if (nowMs >= entry.record.openMs) throw new HttpError(409, CONTEST_ERRORS.registrationClosed);
      const attemptId = randomUUID();
      const outcome = await repo.register({ attemptId, contestId, userId: user.id, nowMs });
      if (outcome === 'closed') throw new HttpError(409, CONTEST_ERRORS.registrationClosed);
      if (outcome === 'registered') (entry.attemptIds ??= new Map()).set(user.id, attemptId);
      entry.recentRegistrations.push({ userId: user.id, at: Date.now() });
      if (entry.registration) addRegistered(entry.registration, user.id);
      return `{"registered":true,"contest":${await viewJson(entry, user, nowMs)}}`;
    },

    async start(user, contestId) {
      const entry = await requireEntry(contestId);
      const nowMs = clock.now();
      if (nowMs < entry.record.openMs) throw new HttpError(409, CONTEST_ERRORS.notStarted);
      if (nowMs > entry.record.closeMs) throw new HttpError(409, CONTEST_ERRORS.over);
      const result = await starts.submit({ contestId, userId: user.id, nowMs, attemptId: entry.attemptIds?.get(user.id) });
      if (result.kind === 'over') throw new HttpError(409, CONTEST_ERRORS.over);
      if (result.kind === 'not-registered') throw new HttpError(403, CONTEST_ERRORS.registerFirst);
      const attempt = attemptView(entry.record, result.attempt, result.answers, { revealed: false, questions: entry.questions, ratingChange: null });
      return `{"attempt":${JSON.stringify(attempt)},"questions":${entry.questionsJson}}`;
    },

    async submitAnswer(user, body) {
      const entry = await requireEntry(body.contestId);
      if (body.questionIndex >= entry.record.questionCount) throw new HttpError(400, CONTEST_ERRORS.indexOutOfRange);
      const nowMs = clock.now();
      if (nowMs < entry.record.openMs) throw new HttpError(409, CONTEST_ERRORS.notStarted);
      if (nowMs > entry.record.closeMs) throw new HttpError(409, CONTEST_ERRORS.over);
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
      if (nowMs < entry.record.openMs) throw new HttpError(409, CONTEST_ERRORS.notStarted);
      if (nowMs > entry.record.closeMs) {
        // The close transition submits every started attempt (within one scheduler pass); a
        // submit that arrives after it (a page's own at the closing second) gets that attempt, one
        // that arrives before it is told the server is submitting it.
        const attempt = await repo.findAttempt(contestId, user.id);
        if (!attempt) throw new HttpError(403, CONTEST_ERRORS.registerFirst);
        if (attempt.startedMs === null) throw new HttpError(409, CONTEST_ERRORS.over);
        if (attempt.submittedMs === null) throw new HttpError(409, CONTEST_ERRORS.alreadySubmitted);
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
          throw new HttpError(400, CONTEST_ERRORS.noAnswers);
        case 'not-registered':
          throw new HttpError(403, CONTEST_ERRORS.registerFirst);
        case 'not-started':
          throw new HttpError(409, CONTEST_ERRORS.startFirst);
        case 'submitted': {
          // Submitting again (a retry whose first response was lost) is not an error: the same attempt.
          const attempt = await repo.findAttempt(contestId, user.id);
          if (!attempt) throw new HttpError(403, CONTEST_ERRORS.registerFirst);
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
        const entry = entryFrom(contest, stage);
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
      if (!attempt || attempt.startedMs === null) throw new HttpError(404, CONTEST_ERRORS.attemptNotFound);
      if (!isRevealed(entry.record, clock.now())) throw new HttpError(409, CONTEST_ERRORS.notRevealed);
      const given = await repo.answersOf(contestId, user.id);
      return { contestDetails: contestDetails(entry.record, attempt, given, entry.questions) };
    },

    async create(user, body) {
      if (!(await deps.operators.isOperator(user.id))) throw new HttpError(403, CONTEST_ERRORS.adminOnly);
      const input = parseInput(adminCreateContestBodySchema, body);
      const nowMs = clock.now();
      const openMs = Date.parse(input.openTime);
      if (!(openMs > nowMs)) throw new HttpError(400, CONTEST_ERRORS.openTimeInPast);
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
      forgetSelections();
      quiet.untilMs = 0;
      logger.info({ contestId: id, openTime: new Date(openMs).toISOString(), by: user.id }, 'contest scheduled by an administrator');
      const entry = await requireEntry(id);
      return `{"contest":${await viewJson(entry, user, nowMs)}}`;
    },

    tick(options) {
      return runPass(true, options?.stopAt);
    },

    close() {
      closing ??= (async () => {
        if (timer) clearInterval(timer);
        await chain;
        await Promise.all([starts.drain(), answers.drain(), submits.drain()]);
      })();
      return closing;
    },
  };
}
