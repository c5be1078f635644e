/**
 * Database access of the weekly contest (tables in db/schema/contests.ts): the contests,
 * registrations and history reads of the request methods and the scheduler, and the registration
 * insert, in Drizzle's query builder. The batched writes of the hot paths (start, submit-answer,
 * submit: see group-commit.ts) are contest-attempts.repo.ts, single multi-row SQL statements whose
 * refusal conditions live in the SQL itself, so they hold with several server processes on one
 * PostgreSQL; the lifecycle claims are contest-lifecycle.repo.ts, the shared raw-SQL helpers
 * contest-rows.ts (issue #48 split them out). The notes below hold for all of them.
 *
 * Locking order, the same everywhere so that processes cannot deadlock one another: the contest row
 * first (FOR SHARE by starts, FOR UPDATE by the close and finalize claims), then attempt rows in
 * (contest_id, user_id) order, byte-wise (FOR SHARE by answers, FOR UPDATE by starts, submissions and
 * the close; batches are sorted with `byAttempt` and the close orders by user_id COLLATE "C"). A
 * late start either commits before the close claim (and its attempt is auto-submitted) or waits
 * for the claim and then finds the contest closed; a late answer either commits before its
 * attempt is submitted (and is scored) or waits and then finds it submitted (see writeAnswers).
 * The exception is a first start by attempt id (writeStarts), which locks attempts in id order:
 * it only locks attempts not yet started, which nothing but another start locks (answers,
 * submissions and the close all lock started ones), and every start batch sorts by id.
 *
 * Query plans: a jsonb_to_recordset batch is estimated at 100 rows whatever its size, which makes
 * the planner hash-join it against a sequential scan of every attempt (~3 ms on PGlite for one
 * answer among 5,000 players). Lookups of a batch's attempts and answers are therefore LATERAL
 * subqueries that cannot be flattened (FOR SHARE / FOR UPDATE, LIMIT or OFFSET 0), i.e. one index
 * probe per row.
 *
 * Times cross raw SQL as ISO strings in and epoch-ms numbers out (`ms()`), which both drivers treat
 * alike.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ContestStage } from '@mathsprint/shared/protocol';
import type { GeneratorVersion } from '@mathsprint/shared/domain';
import { playersByIds } from '../accounts/players.service.js';
import { contestAnswers, contestAttempts, contests } from '../db/schema/contests.js';
import { ratingChangesOf, type StoredRatingChange } from '../rating/rating.service.js';
import type { Database } from '../platform/db.js';
import { cardContestId, type CardCandidate } from './contest-card.js';
import type { LeaderboardRow, StatsRow } from './contest-standings.js';
import type { AttemptRecord, ContestRecord, StoredAnswer } from './contest-views.js';
import { iso, query } from './contest-rows.js';

const CONTEST_COLUMNS = {
  id: contests.id,
  title: contests.title,
  openTime: contests.openTime,
  closeTime: contests.closeTime,
  durationMinutes: contests.durationMinutes,
  questionCount: contests.questionCount,
  seed: contests.seed,
  questionVersion: contests.questionVersion,
  stage: contests.stage,
};

type ContestSelect = Pick<typeof contests.$inferSelect, keyof typeof CONTEST_COLUMNS>;

function toContest(row: ContestSelect): { record: ContestRecord; stage: ContestStage } {
  return {
    record: {
      id: row.id,
      title: row.title,
      openMs: row.openTime.getTime(),
      closeMs: row.closeTime.getTime(),
      durationMinutes: row.durationMinutes,
      questionCount: row.questionCount,
      seed: row.seed,
      // contestQuestions refuses a value that is not a known version.
      questionVersion: row.questionVersion as GeneratorVersion,
    },
    stage: row.stage as ContestStage,
  };
}

function toAttempt(row: typeof contestAttempts.$inferSelect): AttemptRecord {
  return {
    id: row.id,
    contestId: row.contestId,
    userId: row.userId,
    startedMs: row.startedAt?.getTime() ?? null,
    submittedMs: row.submittedAt?.getTime() ?? null,
    autoSubmitted: row.autoSubmitted,
    totalScore: row.totalScore,
    correctCount: row.correctCount,
    wrongCount: row.wrongCount,
    answeredCount: row.answeredCount,
    totalTimeMs: row.totalTimeMs,
    rank: row.rank,
    percentile: row.percentile,
    badges: row.badges,
  };
}

/** Values of a new contest row. Times in epoch ms. */
export interface NewContest {
  id: string;
  title: string;
  openMs: number;
  durationMinutes: number;
  questionCount: number;
  seed: string;
  /** Generator version of the seed's questions: LATEST_GENERATOR_VERSION for a new contest. */
  questionVersion: GeneratorVersion;
  /** The schedule occurrence (ISO) for a contest the schedule made; null for an operator's. */
  scheduleSlot: string | null;
  createdBy: string | null;
  createdMs: number;
}

/** The contest reads and the registration insert over `db`; times in and out are epoch ms. */
export function createContestRepo(db: Database) {
  return {
    /** The contest and its stage, or null when unknown. */
    async findContest(id: string): Promise<{ record: ContestRecord; stage: ContestStage } | null> {
      const [row] = await db.select(CONTEST_COLUMNS).from(contests).where(eq(contests.id, id)).limit(1);
      return row ? toContest(row) : null;
    },

    async stageOf(id: string): Promise<ContestStage | null> {
      const [row] = await db.select({ stage: contests.stage }).from(contests).where(eq(contests.id, id)).limit(1);
      return row ? (row.stage as ContestStage) : null;
    },

    /**
     * Inserts a contest. A scheduled one (scheduleSlot set) is inserted at most once per slot
     * (unique contests_schedule_slot_key, ON CONFLICT DO NOTHING), so processes racing to make the
     * same occurrence make one.
     * @returns true when this call inserted it.
     */
    async insertContest(c: NewContest): Promise<boolean> {
      const inserted = await db
        .insert(contests)
        .values({
          id: c.id,
          title: c.title,
          openTime: new Date(c.openMs),
          closeTime: new Date(c.openMs + c.durationMinutes * 60_000),
          durationMinutes: c.durationMinutes,
          questionCount: c.questionCount,
          seed: c.seed,
          questionVersion: c.questionVersion,
          stage: 'upcoming',
          scheduleSlot: c.scheduleSlot,
          createdBy: c.createdBy,
          createdAt: new Date(c.createdMs),
        })
        .onConflictDoNothing({ target: contests.scheduleSlot })
        .returning({ id: contests.id });
      return inserted.length > 0;
    },

    /**
     * GET /contest/next: the contest the home card shows (contest-card.ts): the one that closed
     * last while it holds the card, else the contest not yet over that opens first (a live one
     * opened before any upcoming one); null when there is none.
     */
    async nextContestId(nowMs: number): Promise<string | null> {
      const now = sql`${iso(nowMs)}::timestamptz`;
      const columns = { id: contests.id, openTime: contests.openTime, closeTime: contests.closeTime };
      const [[upcoming], [lastClosed]] = await Promise.all([
        db.select(columns).from(contests).where(sql`${contests.closeTime} >= ${now}`).orderBy(asc(contests.openTime), asc(contests.id)).limit(1),
        db.select(columns).from(contests).where(sql`${contests.closeTime} < ${now}`).orderBy(desc(contests.closeTime), asc(contests.id)).limit(1),
      ]);
      const candidate = (row: { id: string; openTime: Date; closeTime: Date } | undefined): CardCandidate | null =>
        row ? { id: row.id, openMs: row.openTime.getTime(), closeMs: row.closeTime.getTime() } : null;
      return cardContestId(candidate(upcoming), candidate(lastClosed), nowMs);
    },

    /** GET /contest/current: a live contest, else the one that closed last, else null. */
    async currentContestId(nowMs: number): Promise<string | null> {
      const now = sql`${iso(nowMs)}::timestamptz`;
      const [row] = await db
        .select({ id: contests.id })
        .from(contests)
        .where(sql`${contests.openTime} <= ${now}`)
        .orderBy(desc(sql`${contests.closeTime} >= ${now}`), desc(contests.closeTime), asc(contests.id))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Contests not finalized that open by `untilMs` (epoch ms; the clock's now for those with a
     * transition possibly due, later to see the ones about to open too), in close order, so that
     * rating periods are applied in the order the contests ended.
     */
    async dueContests(untilMs: number): Promise<Array<{ id: string; stage: ContestStage }>> {
      const rows = await db
        .select({ id: contests.id, stage: contests.stage })
        .from(contests)
        .where(sql`${contests.stage} <> 'finalized' and ${contests.openTime} <= ${iso(untilMs)}::timestamptz`)
        .orderBy(asc(contests.closeTime), asc(contests.openTime), asc(contests.id));
      return rows.map((r) => ({ id: r.id, stage: r.stage as ContestStage }));
    },

    /** The earliest opening (epoch ms) after `afterMs` of a contest not finalized, or null. */
    async nextOpeningAfter(afterMs: number): Promise<number | null> {
      const [row] = await db
        .select({ openTime: contests.openTime })
        .from(contests)
        .where(sql`${contests.stage} <> 'finalized' and ${contests.openTime} > ${iso(afterMs)}::timestamptz`)
        .orderBy(asc(contests.openTime))
        .limit(1);
      return row ? row.openTime.getTime() : null;
    },

    /** Every attempt of a contest: the user's id and the attempt's (any order). */
    async attemptIds(contestId: string): Promise<Array<{ userId: string; attemptId: string }>> {
      return db
        .select({ userId: contestAttempts.userId, attemptId: contestAttempts.id })
        .from(contestAttempts)
        .where(eq(contestAttempts.contestId, contestId));
    },

    /** Ids of every registered user, in registration order. */
    async registeredUserIds(contestId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: contestAttempts.userId })
        .from(contestAttempts)
        .where(eq(contestAttempts.contestId, contestId))
        .orderBy(asc(contestAttempts.registeredAt), asc(contestAttempts.id));
      return rows.map((r) => r.userId);
    },

    /**
     * Registers a user: makes the attempt row (status registered), so that opening writes nothing
     * new. Only while the stored stage is 'upcoming' (the caller also checks the clock).
     * @returns 'registered' (new row), 'already' (registered before) or 'closed'.
     */
    async register(input: { attemptId: string; contestId: string; userId: string; nowMs: number }): Promise<'registered' | 'already' | 'closed'> {
      const inserted = await query<{ id: string }>(
        db,
        sql`insert into contest_attempts (id, contest_id, user_id, registered_at)
            select ${input.attemptId}, c.id, ${input.userId}, ${iso(input.nowMs)}::timestamptz
            from contests c where c.id = ${input.contestId} and c.stage = 'upcoming'
            on conflict (contest_id, user_id) do nothing
            returning id`,
      );
      if (inserted.length > 0) return 'registered';
      const [existing] = await db
        .select({ id: contestAttempts.id })
        .from(contestAttempts)
        .where(and(eq(contestAttempts.contestId, input.contestId), eq(contestAttempts.userId, input.userId)))
        .limit(1);
      return existing ? 'already' : 'closed';
    },

    async findAttempt(contestId: string, userId: string): Promise<AttemptRecord | null> {
      const [row] = await db
        .select()
        .from(contestAttempts)
        .where(and(eq(contestAttempts.contestId, contestId), eq(contestAttempts.userId, userId)))
        .limit(1);
      return row ? toAttempt(row) : null;
    },

    async answersOf(contestId: string, userId: string): Promise<StoredAnswer[]> {
      return db
        .select({ questionIndex: contestAnswers.questionIndex, userAnswer: contestAnswers.userAnswer, timeSpent: contestAnswers.timeSpent })
        .from(contestAnswers)
        .where(and(eq(contestAnswers.contestId, contestId), eq(contestAnswers.userId, userId)))
        .orderBy(asc(contestAnswers.questionIndex));
    },

    /** The user's started attempts with their contests, most recent contest first. */
    async startedAttemptsOf(userId: string): Promise<Array<{ contest: ContestRecord; stage: ContestStage; attempt: AttemptRecord }>> {
      const rows = await db
        .select({ contest: CONTEST_COLUMNS, attempt: contestAttempts })
        .from(contestAttempts)
        .innerJoin(contests, eq(contests.id, contestAttempts.contestId))
        .where(and(eq(contestAttempts.userId, userId), isNotNull(contestAttempts.startedAt)))
        .orderBy(desc(contests.openTime), desc(contests.id));
      return rows.map((r) => {
        const c = toContest(r.contest);
        return { contest: c.record, stage: c.stage, attempt: toAttempt(r.attempt) };
      });
    },

    /** The user's answers in the given contests, by contest id. */
    async answersOfUser(userId: string, contestIds: readonly string[]): Promise<Map<string, StoredAnswer[]>> {
      const byContest = new Map<string, StoredAnswer[]>();
      if (contestIds.length === 0) return byContest;
      const rows = await db
        .select({
          contestId: contestAnswers.contestId,
          questionIndex: contestAnswers.questionIndex,
          userAnswer: contestAnswers.userAnswer,
          timeSpent: contestAnswers.timeSpent,
        })
        .from(contestAnswers)
        .where(and(eq(contestAnswers.userId, userId), inArray(contestAnswers.contestId, [...contestIds])))
        .orderBy(asc(contestAnswers.questionIndex));
      for (const { contestId, ...answer } of rows) {
        const list = byContest.get(contestId) ?? [];
        list.push(answer);
        byContest.set(contestId, list);
      }
      return byContest;
    },

    /** The user's contest rating changes (rating_history, source 'contest'), by contest id. */
    async ratingChangesOf(userId: string, contestIds: readonly string[]): Promise<Map<string, StoredRatingChange>> {
      return ratingChangesOf(db, userId, 'contest', contestIds);
    },

    /** The ranked attempts of a finalized contest, best first, with their users. */
    async leaderboardRows(contestId: string, limit: number): Promise<LeaderboardRow[]> {
      const rows = await db
        .select({
          attemptId: contestAttempts.id,
          userId: contestAttempts.userId,
          rank: sql<number>`${contestAttempts.rank}`,
          totalScore: contestAttempts.totalScore,
          correctCount: contestAttempts.correctCount,
          totalTimeMs: contestAttempts.totalTimeMs,
          badges: contestAttempts.badges,
        })
        .from(contestAttempts)
        .where(and(eq(contestAttempts.contestId, contestId), isNotNull(contestAttempts.rank)))
        .orderBy(asc(contestAttempts.rank), asc(contestAttempts.submittedAt), asc(contestAttempts.id))
        .limit(limit);
      // The names and emails in one query by id (accounts owns users).
      const players = await playersByIds(db, rows.map((r) => r.userId));
      return rows.flatMap((r) => {
        const player = players.get(r.userId);
        return player ? [{ ...r, name: player.name, email: player.email }] : [];
      });
    },

    /** Counts and averages (over submitted attempts) of a contest's attempts. */
    async statsRow(contestId: string): Promise<StatsRow> {
      const [row] = await query<{ registered: number; submitted: number; avgScore: number | null; avgTimeMs: number | null; avgCorrect: number | null }>(
        db,
        sql`select count(*)::int as registered,
                   count(submitted_at)::int as submitted,
                   (avg(total_score) filter (where submitted_at is not null))::float8 as "avgScore",
                   (avg(total_time_ms) filter (where submitted_at is not null))::float8 as "avgTimeMs",
                   (avg(correct_count) filter (where submitted_at is not null))::float8 as "avgCorrect"
            from contest_attempts where contest_id = ${contestId}`,
      );
      return row ?? { registered: 0, submitted: 0, avgScore: null, avgTimeMs: null, avgCorrect: null };
    },
  };
}

/** What createContestRepo returns. */
export type ContestRepo = ReturnType<typeof createContestRepo>;
