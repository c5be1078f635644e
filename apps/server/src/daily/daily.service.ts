/**
 * Daily practice (issue #4; spec §2 "Daily practice hub", §3, §5, §7 "Daily"): today's sections
 * unlocked by rating, opening and submitting a section, daily and season rankings, the streak.
 * Discussion lives in daily-comments.ts; the read-side caches in daily-boards.ts.
 *
 * Every call needs a signed-in account: guests and signed-out callers get 401 (issue #4). Time
 * comes only from the injected Clock: "today" is its UTC date.
 */
import { DAILY } from '@mathsprint/shared/constants';
import {
  addDays,
  checkDailyDate,
  currentStreak,
  dailySection,
  earnedDailyBadges,
  isCorrectAnswer,
  longestStreak,
  practicePoints,
  seasonOf,
  startOfUtcDay,
  streakDays,
  utcDateOf,
  type DailyBadge,
  type SolvedDay,
} from '@mathsprint/shared/domain';
import {
  DAILY_ERRORS,
  dailySeasonQuerySchema,
  type DailyLeaderboardResponse,
  type DailySectionKey,
  type DailySectionResponse,
  type DailySeasonResponse,
  type DailyStreakResponse,
  type DailySubmitResponse,
  type DailyTodayResponse,
  ErrorCode,
} from '@mathsprint/shared/protocol';
import type { z } from 'zod';
import type { SessionUser } from '../platform/session-user.js';
import type { Config } from '../config.js';
import { systemTimer, type Clock, type MonotonicClock } from '../platform/clock.js';
import type { Database } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { Notifier } from '../platform/notifier.js';
import { createBatchLoader } from '../platform/batch-loader.js';
import { createRefreshingCache } from '../platform/refreshing-cache.js';
import { createDailyBoards, type JsonText } from './daily-boards.js';
import { createSeasonUpdateThrottle } from './season-updates.js';
import { createDailyRepo, type AnswerRecord, type DailyRepo, type DailyUser, type SubmissionRecord } from './daily.repo.js';
import { questionsOf, sectionResult, sectionSummaries } from './daily.views.js';
import { sectionLockedReason } from './section-access.js';
import { AppError } from '../platform/app-error.js';

/** A user's solved days and the streak response made from them for the date `to`. */
interface StreakEntry {
  solved: SolvedDay[];
  body: { to: string; json: JsonText<DailyStreakResponse> } | null;
}

/** Whether two reads of a user's solved days found the same days, counts and points. */
function sameSolvedDays(a: readonly SolvedDay[], b: readonly SolvedDay[]): boolean {
  return a.length === b.length && a.every((d, i) => d.date === b[i]?.date && d.count === b[i]?.count && d.practicePoints === b[i]?.practicePoints);
}

/** A signed-in, non-guest caller as the session token says. */
export interface DailyMember {
  id: string;
  name: string;
}

/** A parsed submission body (protocol `dailySubmitBodySchema` output). */
export interface DailySubmission {
  date: string;
  sectionKey: DailySectionKey;
  answers: Array<{ answer: number | null; timeMs: number }>;
}

/** Longest time taken stored (the column is a 32-bit integer of ms; only today's set is submitted, so < 1 day). */
const MAX_TIME_TAKEN_MS = 2_147_483_647;

export interface DailyService {
  /** Drops the cached boards (daily-boards.ts `namesChanged`): a player's name changed. */
  namesChanged(): void;
  /** The caller with their current rating, read now. @throws AppError LOGIN_REQUIRED (401) for a guest or an unknown user (issue #4). */
  user(session: SessionUser): Promise<DailyUser>;
  /** The caller as the session says, without a database read. @throws AppError LOGIN_REQUIRED (401) for a guest (issue #4). */
  member(session: SessionUser): DailyMember;
  /** GET /api/daily/today: today's UTC date and the four section cards for the caller's rating. */
  today(user: DailyUser): Promise<DailyTodayResponse>;
  /**
   * GET /api/daily/section/{date}/{sectionKey}: question texts, and the caller's result once submitted.
   * Records the first opening of today's set (the time taken runs from it); a past day's set only
   * reads it (`openedAt` null when there was none). A preview holds only the first
   * DAILY.homeSampleProblems questions and no result, and opens nothing (issue #47).
   * @throws AppError INVALID_INPUT (400) future date, SECTION_LOCKED (403) 'The Advanced section unlocks at rating 1800 (yours is 1523)' (section-access.ts).
   */
  section(user: DailyUser, date: string, sectionKey: DailySectionKey, options?: { preview?: boolean }): Promise<DailySectionResponse>;
  /**
   * POST /api/daily/submit: scores the answers (in question order; missing ones are blank) and
   * stores the submission, season points and badges in one transaction.
   * @throws AppError INVALID_INPUT (400) not today's set, SECTION_LOCKED (403), SECTION_NOT_OPENED (409) 'Open the section before submitting it',
   *   409 'Already submitted today'.
   */
  submit(user: DailyUser, body: DailySubmission): Promise<DailySubmitResponse>;
  /** GET /api/daily/leaderboard, serialised. @throws AppError 400 future date. */
  leaderboard(date: string, sectionKey: DailySectionKey, limit: number): Promise<JsonText<DailyLeaderboardResponse>>;
  /** GET /api/daily/season (year and month default to the current UTC month); the caller's row has their current rating. */
  season(member: DailyMember, query: z.output<typeof dailySeasonQuerySchema>): Promise<DailySeasonResponse>;
  /**
   * GET /api/daily/streak, serialised: current and longest streak and the solved days of the
   * calendar's 3 years, or from the day the account was made when that is later (`from`).
   */
  streak(member: DailyMember): Promise<JsonText<DailyStreakResponse>>;
  /** Today's UTC date on the server's clock. */
  todayDate(): string;
  /** Checks a requested date is not in the future. @throws AppError 400. */
  checkDate(date: string): string;
  /** Stops the seasonUpdate timer. */
  close(): void;
}

export interface DailyDeps {
  db: Database;
  config: Config;
  /** The time the rules use: today's date, opens and submissions, the season. */
  clock: Clock;
  /** Elapsed real time (platform/clock.ts): the season rank index's refresh spacing. Default systemTimer. */
  timer?: MonotonicClock;
  logger: Logger;
  notifier: Notifier;
  repo?: DailyRepo;
}

export function createDailyService(deps: DailyDeps): DailyService {
  const { db, config, clock, logger, notifier } = deps;
  const repo = deps.repo ?? createDailyRepo(db);
  const boards = createDailyBoards({
    repo,
    clock,
    timer: deps.timer ?? systemTimer,
    logger,
    cacheTtlMs: config.DAILY_CACHE_TTL_MS,
    ranksRefreshMs: config.DAILY_SEASON_RANKS_REFRESH_MS,
  });
  // Hot reads (bench/daily): per-user lookups of concurrent requests share one query each.
  const profileLoader = createBatchLoader((ids: string[]) => repo.findUsers(ids));
  /** Name, rating and RD for the caller's own season row, kept DAILY_CACHE_TTL_MS (a rating shown a few seconds late). */
  const profiles = createRefreshingCache<string, DailyUser>({
    load: (id) => profileLoader.load(id),
    ttlMs: config.DAILY_CACHE_TTL_MS,
    max: 50_000,
  });
  const solvedLoader = createBatchLoader((ids: string[]) => repo.solvedDaysOf(ids));
  /**
   * Solved days per user for GET /api/daily/streak, kept DAILY_CACHE_TTL_MS and dropped when this
   * process stores the user's submission, with the serialised response of the day it was made for
   * (the streak depends on today's date, so a new day recomputes it and midnight needs no purge).
   * A reload that finds the same days keeps the response already made.
   */
  const solvedCache = createRefreshingCache<string, StreakEntry>({
    load: async (userId, stale) => {
      const solved = (await solvedLoader.load(userId)) ?? [];
      return stale && sameSolvedDays(stale.solved, solved) ? stale : { solved, body: null };
    },
    ttlMs: config.DAILY_CACHE_TTL_MS,
    max: 50_000,
  });
  const seasonUpdates = createSeasonUpdateThrottle(clock, (season) => notifier.toAll('seasonUpdate', season));

  /** Today's UTC date, recomputed only when the clock leaves the day it was computed for. */
  let today = { date: '', startMs: 0, endMs: 0 };
  const todayDate = (): string => {
    const now = clock.now();
    if (now < today.startMs || now >= today.endMs) {
      const date = utcDateOf(now);
      const startMs = startOfUtcDay(date);
      today = { date, startMs, endMs: startMs + 86_400_000 };
    }
    return today.date;
  };
  const checkDate = (date: string): string => {
    const check = checkDailyDate(date, todayDate());
    if (!check.ok) throw new AppError(ErrorCode.INVALID_INPUT, check.error);
    return check.date;
  };
  const requireUnlocked = (user: DailyUser, sectionKey: DailySectionKey): void => {
    const locked = sectionLockedReason(sectionKey, user.rating);
    if (locked) throw new AppError(ErrorCode.SECTION_LOCKED, locked);
  };

  return {
    member(session) {
      if (session.isGuest) throw new AppError(ErrorCode.LOGIN_REQUIRED, DAILY_ERRORS.signInRequired);
      return { id: session.id, name: session.name };
    },

    async user(session) {
      if (session.isGuest) throw new AppError(ErrorCode.LOGIN_REQUIRED, DAILY_ERRORS.signInRequired);
      const user = await repo.findUser(session.id);
      if (!user || user.isGuest) throw new AppError(ErrorCode.LOGIN_REQUIRED, DAILY_ERRORS.signInRequired);
      return user;
    },

    async today(user) {
      const date = todayDate();
      const points = await repo.pointsOnDate(user.id, date);
      return { date, sections: sectionSummaries(user.rating, points), serverTime: new Date(clock.now()).toISOString() };
    },

    async section(user, date, sectionKey, options = {}) {
      checkDate(date);
      requireUnlocked(user, sectionKey);
      const questions = questionsOf(date, sectionKey);
      // A preview (the home card's sample problems) must not start the caller's clock, so it hands
      // out no more than those (issue #47: the whole set could be solved before the clock ran); a
      // past day's set, which can no longer be submitted, has no clock to start.
      const preview = options.preview === true;
      const openedMs =
        preview || date !== todayDate()
          ? await repo.findOpen(user.id, date, sectionKey)
          : await repo.recordOpen(user.id, date, sectionKey, clock.now());
      const stored = await repo.findSubmission(user.id, date, sectionKey);
      return {
        date,
        sectionKey,
        questions: (preview ? questions.slice(0, DAILY.homeSampleProblems) : questions).map((q) => q.text),
        openedAt: openedMs === null ? null : new Date(openedMs).toISOString(),
        submitted: stored !== null,
        result: stored && !preview ? sectionResult(questions, stored.submission, stored.answers) : null,
      };
    },

    async submit(user, body) {
      const { date, sectionKey } = body;
      const today = todayDate();
      checkDate(date);
      if (date !== today) throw new AppError(ErrorCode.INVALID_INPUT, `Only today's set (${today} UTC) can be submitted, not ${date}`);
      requireUnlocked(user, sectionKey);
      const openedMs = await repo.findOpen(user.id, date, sectionKey);
      if (openedMs === null) {
        // A second submission after the first still finds the opening; without one there is nothing to time.
        throw new AppError(ErrorCode.SECTION_NOT_OPENED, DAILY_ERRORS.notOpened);
      }
      const nowMs = clock.now();
      const section = dailySection(sectionKey);
      const questions = questionsOf(date, sectionKey);
      const answers: AnswerRecord[] = questions.map((q, questionIndex) => {
        const given = body.answers[questionIndex];
        const userAnswer = given?.answer ?? null;
        return {
          questionIndex,
          userAnswer,
          isCorrect: userAnswer !== null && isCorrectAnswer(q, userAnswer),
          timeMs: Math.round(given?.timeMs ?? 0),
        };
      });
      const correctCount = answers.filter((a) => a.isCorrect).length;
      const timeTakenMs = Math.min(MAX_TIME_TAKEN_MS, Math.max(0, nowMs - openedMs));
      const points = practicePoints(section.weight, correctCount, questions.length, timeTakenMs);
      const submission: SubmissionRecord = {
        userId: user.id,
        date,
        sectionKey,
        ...points,
        correctCount,
        total: questions.length,
        timeTakenMs,
        submittedMs: nowMs,
      };
      const { year, month } = seasonOf(date);
      const season = `${year}-${String(month).padStart(2, '0')}`;

      const outcome = await db.transaction(async (tx) => {
        if (!(await repo.insertSubmission(tx, submission, answers))) return null;
        const seasonTotal = await repo.addSeasonPoints(tx, season, user.id, points.practicePoints, nowMs);
        const firstSubmission = !(await repo.hasOtherSubmission(tx, user.id, date, sectionKey));
        const solved = await repo.solvedDays(tx, user.id, null);
        const streak = currentStreak(solved.map((d) => d.date), today);
        const earned = earnedDailyBadges({
          firstSubmission,
          perfect: correctCount === questions.length,
          streak,
          held: await repo.heldBadges(tx, user.id),
        });
        const inserted = await repo.insertBadges(tx, user.id, earned, nowMs);
        return { seasonTotal, streak, awarded: earned.filter((b): b is DailyBadge => inserted.has(b)) };
      });
      if (!outcome) throw new AppError(ErrorCode.ALREADY_SUBMITTED, DAILY_ERRORS.alreadySubmitted);

      boards.submitted(date, sectionKey, season, user.id, outcome.seasonTotal);
      solvedCache.forget(user.id);
      seasonUpdates.push({ year, month });
      logger.info({ userId: user.id, date, sectionKey, practicePoints: points.practicePoints, badges: outcome.awarded }, 'daily submission stored');
      return {
        ...sectionResult(questions, submission, answers),
        awardedBadges: outcome.awarded,
        currentStreak: outcome.streak,
      };
    },

    leaderboard(date, sectionKey, limit) {
      checkDate(date);
      return boards.ranking(date, sectionKey, limit, date < addDays(todayDate(), -1));
    },

    async season(member, query) {
      const current = seasonOf(todayDate());
      const year = query.year ?? current.year;
      const month = query.month ?? current.month;
      const profile = await profiles.get(member.id);
      if (!profile) throw new AppError(ErrorCode.LOGIN_REQUIRED, DAILY_ERRORS.signInRequired);
      return boards.season(profile, year, month, year === current.year && month === current.month);
    },

    async streak(member) {
      const to = todayDate();
      const entry = (await solvedCache.get(member.id)) ?? { solved: [], body: null };
      if (entry.body?.to === to) return entry.body.json;
      // The calendar's 3 years (spec §9), from the day the account was made when that is later:
      // days before it were never there to be missed. A solved day is never left out (an account
      // whose submissions were imported from before it was made keeps them).
      const calendarStart = `${Number(to.slice(0, 4)) - (DAILY.calendarYears - 1)}-01-01`;
      const profile = await profiles.get(member.id);
      let joined = profile ? utcDateOf(profile.joinedAt) : calendarStart;
      for (const { date } of entry.solved) if (date < joined) joined = date;
      const from = joined > calendarStart ? joined : calendarStart;
      const dates = entry.solved.map((d) => d.date);
      const body: DailyStreakResponse = {
        currentStreak: currentStreak(dates, to),
        longestStreak: longestStreak(dates),
        from,
        to,
        days: streakDays(entry.solved, from, to),
      };
      entry.body = { to, json: JSON.stringify(body) };
      return entry.body.json;
    },

    todayDate,
    checkDate,
    close: () => seasonUpdates.close(),
    namesChanged: () => boards.namesChanged(),
  };
}
