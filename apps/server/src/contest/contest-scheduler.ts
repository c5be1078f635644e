/**
 * The weekly contest's scheduler (issue #48 split it out of contest.service.ts): each pass makes
 * the next scheduled occurrence (CONTEST_CRON), prepares contests about to open (their attempt ids,
 * the registered players' sessions) and claims every due transition (contest-lifecycle.ts: open,
 * close, finalize), backing off a failing one. Between contests it sleeps through its passes.
 *
 * Contest time comes only from the injected Clock; back-off, retries, quiet re-checks and logged
 * latencies are elapsed real time (the injected `timer`, platform/clock.ts), since they are about
 * the database and other processes, not about the contest.
 */
import { randomUUID } from 'node:crypto';
import { LATEST_GENERATOR_VERSION } from '@mathsprint/shared/domain';
import type { ContestStage, RatingUpdateEntry } from '@mathsprint/shared/protocol';
import { paceThresholds } from '../fair-play/fair-play.service.js';
import type { MonotonicClock } from '../platform/clock.js';
import type { RatingChange } from '../rating/rating.service.js';
import type { ContestCache } from './contest-cache.js';
import { closeContest, finalizeContest, openContest } from './contest-lifecycle.js';
import { nextContestOpenTime } from './contest-schedule.js';
import type { ContestRepo } from './contest.repo.js';
import type { ContestDeps } from './contest.service.js';

/** Title of the contests the schedule makes (spec §2 "Contest results": the fallback title). */
export const DEFAULT_CONTEST_TITLE = 'Weekly Math Contest';

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

/** What the scheduler needs: ContestDeps (contest.service.ts) with the process's timer, repository and cache. */
export type ContestSchedulerDeps = Omit<ContestDeps, 'operators' | 'timer'> & {
  /** Elapsed real time: retries, back-off, quiet re-checks, logged latencies. */
  timer: MonotonicClock;
  repo: ContestRepo;
  cache: ContestCache;
};

/** The scheduler loop of one process, started by createContestScheduler. */
export interface ContestScheduler {
  /** Makes the next scheduled occurrence at `nowMs` (epoch ms) unless it exists; a no-op before that opening. */
  ensureScheduled(nowMs: number): Promise<void>;
  /**
   * Runs one pass after any pass in progress; `force` ignores the back-off of failing transitions,
   * `stopAt` stops each contest at that stage. Rejects when reading the due contests fails.
   */
  runPass(force: boolean, stopAt?: ContestStage): Promise<void>;
  /** Ends the quiet period: a contest was scheduled, so the next pass reads the contests again. */
  wake(): void;
  /** Stops the loop and waits for the pass in progress. Idempotent. */
  stop(): Promise<void>;
}

/** ratingUpdate entry as the duel sends it (rating.service.ts): whole rating points. */
function publicRating(change: RatingChange): RatingUpdateEntry {
  return { _id: change.userId, name: change.name, rating: Math.round(change.after.rating), rd: Math.round(change.after.rd) };
}

/** Starts the scheduler loop (every CONTEST_SCHEDULER_INTERVAL_MS; none when 0, then only runPass). */
export function createContestScheduler(deps: ContestSchedulerDeps): ContestScheduler {
  const { db, config, clock, timer, logger, notifier, leaderboard, sessions, repo, cache } = deps;
  const primeLeadMs = Math.min(PRIME_SESSIONS_LEAD_MS, config.SESSION_CACHE_TTL_MS / 2);

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
      cache.forgetSelections();
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
    const entry = await cache.entryOf(id);
    if (!entry || entry.prepared === 'done' || timer.now() < entry.prepared) return;
    if (nowMs < entry.record.openMs - PREPARE_LEAD_MS || nowMs > entry.record.closeMs) return;
    const started = timer.now();
    try {
      const rows = await repo.attemptIds(id);
      const attemptIds = new Map(rows.map((r) => [r.userId, r.attemptId]));
      // Registrations of this process that committed while the rows were read add themselves now.
      for (const [userId, attemptId] of entry.attemptIds ?? []) attemptIds.set(userId, attemptId);
      entry.attemptIds = attemptIds;
      entry.prepared = 'done';
      logger.info({ contestId: id, attempts: attemptIds.size, ms: Math.round(timer.now() - started) }, 'contest prepared for its opening');
    } catch (error) {
      entry.prepared = timer.now() + PREPARE_RETRY_MS;
      logger.warn({ err: error, contestId: id }, 'contest preparation failed; starts read attempts themselves until a retry succeeds');
    }
  }

  /**
   * Reads the registered players' sessions into the session cache once, PRIME_SESSIONS_LEAD_MS
   * before the opening (after preparation, which knows who registered). Not awaited by the
   * scheduler pass; a failure only leaves the starts to read sessions themselves.
   */
  function primeSessions(id: string, nowMs: number): void {
    const entry = cache.entries.get(id);
    if (!sessions || primeLeadMs <= 0 || !entry?.attemptIds || entry.sessionsPrimed) return;
    if (nowMs < entry.record.openMs - primeLeadMs || nowMs > entry.record.openMs) return;
    entry.sessionsPrimed = true;
    const started = timer.now();
    sessions.primeSessions([...entry.attemptIds.keys()]).then(
      (cached) => logger.info({ contestId: id, cached, ms: Math.round(timer.now() - started) }, 'sessions of registered players read for the opening'),
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
    const entry = await cache.entryOf(id);
    if (!entry) return;
    cache.noteStage(entry, storedStage);
    const { record } = entry;
    if (entry.stage === 'upcoming' && nowMs >= record.openMs) {
      if (await openContest(db, record, nowMs)) logger.info({ contestId: id }, 'contest is live');
      cache.noteStage(entry, (await repo.stageOf(id)) ?? entry.stage);
    }
    if (stopAt === 'live') return;
    if (entry.stage === 'live' && nowMs > record.closeMs) {
      const autoSubmitted = await closeContest(db, record, entry.questions, nowMs);
      if (autoSubmitted !== null) logger.info({ contestId: id, autoSubmitted }, 'contest closed');
      cache.noteStage(entry, (await repo.stageOf(id)) ?? entry.stage);
    }
    if (stopAt === 'closed') return;
    if (entry.stage === 'closed') {
      const started = timer.now();
      const outcome = await finalizeContest(db, record, nowMs, config.GLICKO_TAU, paceThresholds(config));
      cache.noteStage(entry, (await repo.stageOf(id)) ?? entry.stage);
      if (!outcome) return;
      logger.info(
        { contestId: id, participants: outcome.participants, rated: outcome.changes.length, ms: Math.round(timer.now() - started) },
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
   * While nothing is due, the loop skips its passes until the clock reaches `quiet.untilMs` or the
   * timer reaches `quiet.recheckAt` (QUIET_RECHECK_MS after the read that found nothing).
   */
  const quiet = { untilMs: 0, recheckAt: 0 };
  const isQuiet = (): boolean => clock.now() < quiet.untilMs && timer.now() < quiet.recheckAt;

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
      quiet.recheckAt = timer.now() + QUIET_RECHECK_MS;
    } else {
      quiet.untilMs = 0;
    }
    for (const { id, stage } of due) {
      await prepare(id, nowMs);
      primeSessions(id, nowMs);
      const failure = failures.get(id);
      if (!force && failure && timer.now() < failure.notBefore) continue;
      try {
        await advance(id, stage, nowMs, stopAt);
        failures.delete(id);
      } catch (error) {
        const count = (failure?.count ?? 0) + 1;
        const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (count - 1));
        failures.set(id, { count, notBefore: timer.now() + delay });
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

  let stopping: Promise<void> | null = null;
  const interval = config.CONTEST_SCHEDULER_INTERVAL_MS;
  const loop =
    interval > 0
      ? setInterval(() => {
          if (queuedPasses > 0 || stopping || isQuiet()) return;
          runPass(false).catch((error: unknown) => logger.error({ err: error }, 'contest scheduler pass failed'));
        }, interval)
      : null;
  // The loop must not keep a finished process alive; shutdown calls close() anyway.
  loop?.unref();

  return {
    ensureScheduled,
    runPass,
    wake() {
      quiet.untilMs = 0;
    },
    stop() {
      stopping ??= (async () => {
        if (loop) clearInterval(loop);
        await chain;
      })();
      return stopping;
    },
  };
}
