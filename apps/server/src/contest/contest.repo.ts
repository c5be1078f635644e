/**
 * Database access of the weekly contest (tables in db/schema/contests.ts). Plain reads and the
 * registration insert use Drizzle's query builder; the batched writes of the hot paths (start,
 * submit-answer, submit: see group-commit.ts) are single multi-row SQL statements whose refusal
 * conditions live in the SQL itself, so they hold with several server processes on one PostgreSQL.
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
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ContestStage } from '@mathsprint/shared/protocol';
import type { GeneratorVersion } from '@mathsprint/shared/domain';
import { contestAnswers, contestAttempts, contests, ratingHistory, users } from '../db/schema/index.js';
import { queryRows, type Database, type Queryable, type Transaction } from '../platform/db.js';
import { cardContestId, type CardCandidate } from './contest-card.js';
import type { AttemptRecord, ContestRecord, LeaderboardRow, StatsRow, StoredAnswer, StoredRatingChange } from './contest-views.js';

/** Rows of a raw `execute` on the database or a transaction (platform/db.ts queryRows). */
export function query<T>(db: Queryable, statement: SQL): Promise<T[]> {
  return queryRows<T>(db, statement);
}

/** Epoch ms of a timestamptz column, as a number (null stays null). */
const ms = (column: string): SQL => sql.raw(`round(extract(epoch from ${column}) * 1000)::float8`);
const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** Columns of contest_attempts `a` as an AttemptRecord. */
const ATTEMPT_COLUMNS = sql.join(
  [
    sql.raw('a.id, a.contest_id AS "contestId", a.user_id AS "userId"'),
    sql`${ms('a.started_at')} AS "startedMs", ${ms('a.submitted_at')} AS "submittedMs"`,
    sql.raw(
      'a.auto_submitted AS "autoSubmitted", a.total_score AS "totalScore", a.correct_count AS "correctCount", ' +
        'a.wrong_count AS "wrongCount", a.answered_count AS "answeredCount", a.total_time_ms AS "totalTimeMs", ' +
        'a.rank, a.percentile, a.badges',
    ),
  ],
  sql`, `,
);

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

/** Raw attempt rows: numbers may arrive as strings from a driver for float8 in rare set-ups; normalise. */
function normaliseAttempt(row: AttemptRecord): AttemptRecord {
  return {
    ...row,
    startedMs: row.startedMs === null ? null : Number(row.startedMs),
    submittedMs: row.submittedMs === null ? null : Number(row.submittedMs),
    badges: row.badges ?? [],
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
      if (contestIds.length === 0) return new Map();
      const rows = await db
        .select({
          contestId: ratingHistory.sourceId,
          ratingBefore: ratingHistory.ratingBefore,
          ratingAfter: ratingHistory.ratingAfter,
          rdBefore: ratingHistory.rdBefore,
          rdAfter: ratingHistory.rdAfter,
        })
        .from(ratingHistory)
        .where(and(eq(ratingHistory.userId, userId), eq(ratingHistory.source, 'contest'), inArray(ratingHistory.sourceId, [...contestIds])));
      return new Map(rows.map(({ contestId, ...change }) => [contestId, change]));
    },

    /** The ranked attempts of a finalized contest, best first, with their users. */
    async leaderboardRows(contestId: string, limit: number): Promise<LeaderboardRow[]> {
      return db
        .select({
          attemptId: contestAttempts.id,
          userId: contestAttempts.userId,
          name: users.name,
          email: users.email,
          rank: sql<number>`${contestAttempts.rank}`,
          totalScore: contestAttempts.totalScore,
          correctCount: contestAttempts.correctCount,
          totalTimeMs: contestAttempts.totalTimeMs,
          badges: contestAttempts.badges,
        })
        .from(contestAttempts)
        .innerJoin(users, eq(users.id, contestAttempts.userId))
        .where(and(eq(contestAttempts.contestId, contestId), isNotNull(contestAttempts.rank)))
        .orderBy(asc(contestAttempts.rank), asc(contestAttempts.submittedAt), asc(contestAttempts.id))
        .limit(limit);
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

export type ContestRepo = ReturnType<typeof createContestRepo>;

// ——— Batched writes (one transaction each; see group-commit.ts) ———

/**
 * A batch as ONE jsonb parameter, unpacked in SQL with jsonb_to_recordset: one parameter whatever
 * the batch size, instead of one per value, which keeps statement building and parameter passing
 * cheap for batches of thousands (PGlite runs them on the event loop's thread).
 */
function jsonParam(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}

/** Locks the contests among `ids` still open to play (stage upcoming or live) FOR SHARE; returns their ids. */
async function lockOpenContests(tx: Transaction, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Set();
  const rows = await query<{ id: string }>(
    tx,
    sql`select id from contests where id in ${unique} and stage in ('upcoming', 'live') order by id for share`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Byte-wise (contest, user) order: the order every batch locks attempt rows in (see the header). */
function byAttempt<T extends { contestId: string; userId: string }>(a: T, b: T): number {
  if (a.contestId !== b.contestId) return a.contestId < b.contestId ? -1 : 1;
  if (a.userId !== b.userId) return a.userId < b.userId ? -1 : 1;
  return 0;
}

export interface StartItem {
  contestId: string;
  userId: string;
  /** Server receive time, epoch ms: becomes startedAt on the first start. */
  nowMs: number;
  /**
   * The user's attempt id in this contest when the caller knows it (read before the opening): a
   * first start is then one UPDATE by primary key; otherwise the attempt is looked up by contest and user.
   */
  attemptId?: string;
}

export type StartResult =
  | { kind: 'ok'; attempt: AttemptRecord; answers: StoredAnswer[] }
  | { kind: 'not-registered' }
  | { kind: 'over' };

const key = (contestId: string, userId: string) => `${contestId}\u0000${userId}`;

/**
 * POST /contest/start for a batch: sets started_at on attempts not started yet (a resumed attempt
 * keeps its first start: the first writer wins, whichever process it is) and returns each attempt
 * with its saved answers. Refused: no attempt row (not registered), or the contest no longer open
 * in the database (its row is locked FOR SHARE first, so a start and the close claim cannot
 * interleave).
 *
 * Two steps. Items whose attemptId is known (the opening burst) are started by one UPDATE by
 * primary key, `WHERE started_at IS NULL`: about a third of the cost of looking attempts up by
 * (contest, user), and a fresh start has no answers to read. The rest (attempt unknown, or already
 * started: a resume, or another process's start that won) go through the lookup by (contest, user),
 * which also reads what is stored.
 */
export async function writeStarts(tx: Transaction, items: readonly StartItem[]): Promise<StartResult[]> {
  const open = await lockOpenContests(tx, items.map((i) => i.contestId));
  const found = new Map<string, { attempt: AttemptRecord; resumed: boolean }>();
  const byId = new Map<string, StartItem>();
  for (const item of items) {
    if (item.attemptId === undefined || !open.has(item.contestId)) continue;
    const earlier = byId.get(item.attemptId);
    if (!earlier || item.nowMs < earlier.nowMs) byId.set(item.attemptId, item);
  }
  if (byId.size > 0) {
    // Sorted so that concurrent batches of several processes lock rows in one order.
    const input = jsonParam([...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, i]) => ({ id, s: iso(i.nowMs) })));
    const started = await query<{ id: string; startedMs: number }>(
      tx,
      sql`update contest_attempts a set started_at = v.s
          from jsonb_to_recordset(${input}) as v(id text, s timestamptz)
          where a.id = v.id and a.started_at is null
            and a.id = any(array(select e->>'id' from jsonb_array_elements(${input}) as e))
          returning a.id, ${ms('a.started_at')} as "startedMs"`,
    );
    for (const { id, startedMs } of started) {
      const item = byId.get(id);
      if (item) found.set(key(item.contestId, item.userId), { attempt: freshlyStarted(id, item, Number(startedMs)), resumed: false });
    }
  }
  const playable = items.filter((i) => open.has(i.contestId) && !found.has(key(i.contestId, i.userId))).sort(byAttempt);
  if (playable.length > 0) {
    const input = jsonParam(playable.map((i) => ({ c: i.contestId, u: i.userId, s: iso(i.nowMs) })));
    const rows = await query<AttemptRecord & { resumed: boolean; newStartedMs: number | null }>(
      tx,
      sql`with input as (
            select distinct on (c, u) c, u, s from jsonb_to_recordset(${input}) as x(c text, u text, s timestamptz) order by c, u, s
          ),
          cur as materialized (
            select a.*, i.s from input i
            cross join lateral (select * from contest_attempts a where a.contest_id = i.c and a.user_id = i.u limit 1) a
          ),
          upd as (
            update contest_attempts t set started_at = cur.s from cur
            where t.id = cur.id and cur.started_at is null and t.started_at is null
              and t.id = any(array(select id from cur where started_at is null))
            returning t.id, t.started_at
          )
          select ${ATTEMPT_COLUMNS}, (upd.id is null) as resumed, ${ms('upd.started_at')} as "newStartedMs"
          from cur a left join upd on upd.id = a.id`,
    );
    for (const { resumed, newStartedMs, ...attempt } of rows) {
      const record = normaliseAttempt(attempt);
      if (newStartedMs !== null) record.startedMs = Number(newStartedMs);
      found.set(key(record.contestId, record.userId), { attempt: record, resumed });
    }
  }
  const resumed = [...found.values()].filter((f) => f.resumed).map((f) => f.attempt);
  const answers = await answersOfAttempts(tx, resumed);
  return items.map((i): StartResult => {
    if (!open.has(i.contestId)) return { kind: 'over' };
    const hit = found.get(key(i.contestId, i.userId));
    if (!hit) return { kind: 'not-registered' };
    return { kind: 'ok', attempt: hit.attempt, answers: answers.get(key(i.contestId, i.userId)) ?? [] };
  });
}

/**
 * An attempt as its first start leaves it. Until then only registration wrote the row (answers,
 * submissions and the close all need started_at), so every other column still has its default.
 */
function freshlyStarted(id: string, item: StartItem, startedMs: number): AttemptRecord {
  return {
    id,
    contestId: item.contestId,
    userId: item.userId,
    startedMs,
    submittedMs: null,
    autoSubmitted: false,
    totalScore: 0,
    correctCount: 0,
    wrongCount: 0,
    answeredCount: 0,
    totalTimeMs: 0,
    rank: null,
    percentile: null,
    badges: [],
  };
}

/** Saved answers of the given attempts, keyed by contest and user. */
async function answersOfAttempts(tx: Queryable, attempts: ReadonlyArray<Pick<AttemptRecord, 'contestId' | 'userId'>>): Promise<Map<string, StoredAnswer[]>> {
  const out = new Map<string, StoredAnswer[]>();
  if (attempts.length === 0) return out;
  const pairs = jsonParam(attempts.map((a) => ({ c: a.contestId, u: a.userId })));
  const rows = await query<StoredAnswer & { contestId: string; userId: string }>(
    tx,
    sql`select x.c as "contestId", x.u as "userId", s.question_index as "questionIndex",
               s.user_answer as "userAnswer", s.time_spent as "timeSpent"
        from jsonb_to_recordset(${pairs}) as x(c text, u text)
        cross join lateral (
          select question_index, user_answer, time_spent from contest_answers s
          where s.contest_id = x.c and s.user_id = x.u offset 0
        ) s
        order by s.question_index`,
  );
  for (const { contestId, userId, ...answer } of rows) {
    const k = key(contestId, userId);
    const list = out.get(k) ?? [];
    list.push({ questionIndex: answer.questionIndex, userAnswer: Number(answer.userAnswer), timeSpent: Number(answer.timeSpent) });
    out.set(k, list);
  }
  return out;
}

export interface AnswerItem {
  contestId: string;
  userId: string;
  questionIndex: number;
  answer: number;
  /** Client-reported seconds. */
  timeSpent: number;
  /** Server receive time, epoch ms. */
  receivedMs: number;
}

/** 'saved': committed; 'refused': no started, unsubmitted attempt (the caller looks up why). */
export type AnswerResult = 'saved' | 'refused';

/**
 * POST /contest/submit-answer for a batch, as ONE upsert: only answers of attempts that are started
 * and not submitted, with those attempt rows locked FOR SHARE in (contest, user) order. That is
 * enough to keep every stored answer out of a submitted attempt, without touching the contest row:
 * a submission (manual or the close's auto-submission, both FOR UPDATE on the attempt, then reading
 * the answers in a later statement) either waits for this statement's transaction and then scores
 * its answers, or commits first and makes this statement find the attempt submitted. Within the
 * batch the last answer to a question wins (arrival order `k`), as across batches.
 */
export async function writeAnswers(tx: Transaction, items: readonly AnswerItem[]): Promise<AnswerResult[]> {
  if (items.length === 0) return [];
  const ordered = items.map((item, k) => ({ ...item, k })).sort((a, b) => byAttempt(a, b) || a.k - b.k);
  const input = jsonParam(
    ordered.map((item) => ({ k: item.k, c: item.contestId, u: item.userId, q: item.questionIndex, a: item.answer, t: item.timeSpent, r: iso(item.receivedMs) })),
  );
  const rows = await query<{ k: number }>(
    tx,
    sql`with ok as (
          select x.k, x.c, x.u, x.q, x.a, x.t, x.r
          from jsonb_to_recordset(${input}) as x(k int, c text, u text, q int, a float8, t float8, r timestamptz)
          cross join lateral (
            select 1 from contest_attempts a
            where a.contest_id = x.c and a.user_id = x.u and a.started_at is not null and a.submitted_at is null
            for share
          ) a
        ),
        latest as (
          select distinct on (c, u, q) * from ok order by c, u, q, k desc
        ),
        ins as (
          insert into contest_answers (contest_id, user_id, question_index, user_answer, time_spent, received_at)
          select c, u, q, a, t, r from latest
          on conflict (contest_id, user_id, question_index) do update
            set user_answer = excluded.user_answer, time_spent = excluded.time_spent, received_at = excluded.received_at
          returning 1
        )
        select k from ok`,
  );
  const accepted = new Set(rows.map((r) => Number(r.k)));
  return items.map((_, k) => (accepted.has(k) ? 'saved' : 'refused'));
}

export interface SubmitItem {
  contestId: string;
  userId: string;
  nowMs: number;
}

export type SubmitResult =
  | { kind: 'ok'; attempt: AttemptRecord; answers: StoredAnswer[] }
  | { kind: 'not-registered' | 'not-started' | 'submitted' | 'no-answers' };

/** Scores a contest's answers (5 points per correct answer; see contest-views.ts scoreAnswers). */
export interface SubmitScorer {
  (contestId: string, answers: readonly StoredAnswer[]): { totalScore: number; correctCount: number; wrongCount: number; answeredCount: number };
}

/**
 * POST /contest/submit for a batch: locks the attempts FOR UPDATE (in (contest, user) order), which
 * waits for answer batches holding them FOR SHARE, then reads the answers with a fresh snapshot,
 * scores them and marks the attempts submitted. `timeMs(contestId, startedMs, submittedMs)` gives
 * the capped time.
 */
export async function writeSubmits(
  tx: Transaction,
  items: readonly SubmitItem[],
  score: SubmitScorer,
  timeMs: (contestId: string, startedMs: number, submittedMs: number) => number,
): Promise<SubmitResult[]> {
  const pairs = jsonParam([...items].sort(byAttempt).map((i) => ({ c: i.contestId, u: i.userId })));
  const locked = await query<AttemptRecord>(
    tx,
    sql`select ${ATTEMPT_COLUMNS}
        from jsonb_to_recordset(${pairs}) as x(c text, u text)
        cross join lateral (
          select * from contest_attempts a where a.contest_id = x.c and a.user_id = x.u for update
        ) a`,
  );
  const attempts = new Map(locked.map((row) => [key(row.contestId, row.userId), normaliseAttempt(row)]));
  const eligible = [...attempts.values()].filter((a) => a.startedMs !== null && a.submittedMs === null);
  const answers = await answersOfAttempts(tx, eligible);

  const done = new Set<string>();
  const updates: AttemptRecord[] = [];
  const results = items.map((item): SubmitResult => {
    const k = key(item.contestId, item.userId);
    const attempt = attempts.get(k);
    if (!attempt) return { kind: 'not-registered' };
    if (attempt.startedMs === null) return { kind: 'not-started' };
    if (attempt.submittedMs !== null || done.has(k)) return { kind: 'submitted' };
    const given = answers.get(k) ?? [];
    if (given.length === 0) return { kind: 'no-answers' };
    done.add(k);
    const submitted: AttemptRecord = {
      ...attempt,
      ...score(item.contestId, given),
      submittedMs: item.nowMs,
      autoSubmitted: false,
      totalTimeMs: timeMs(item.contestId, attempt.startedMs, item.nowMs),
    };
    updates.push(submitted);
    return { kind: 'ok', attempt: submitted, answers: given };
  });
  await storeSubmissions(tx, updates);
  return results;
}

/**
 * Writes submission fields (submitted_at, auto_submitted, scores, time) of attempts in one
 * statement. The ids also go in as an array so that a few rows are found through the primary key
 * (`= any(…)`) rather than by scanning every attempt.
 */
export async function storeSubmissions(tx: Transaction, attempts: readonly AttemptRecord[]): Promise<void> {
  if (attempts.length === 0) return;
  const values = jsonParam(
    attempts.map((a) => ({
      id: a.id,
      s: iso(a.submittedMs ?? 0),
      auto: a.autoSubmitted,
      score: a.totalScore,
      correct: a.correctCount,
      wrong: a.wrongCount,
      answered: a.answeredCount,
      ms: Math.round(a.totalTimeMs),
    })),
  );
  await tx.execute(
    sql`update contest_attempts t
        set submitted_at = v.s, auto_submitted = v.auto, total_score = v.score, correct_count = v.correct,
            wrong_count = v.wrong, answered_count = v.answered, total_time_ms = v.ms
        from jsonb_to_recordset(${values}) as v(id text, s timestamptz, auto boolean, score int, correct int, wrong int, answered int, ms int)
        where t.id = v.id and t.submitted_at is null
          and t.id = any(array(select e->>'id' from jsonb_array_elements(${values}) as e))`,
  );
}

// ——— Lifecycle claims (contest-lifecycle.ts) ———

/**
 * Claims a stage change of one contest: `UPDATE … WHERE id = $1 AND stage = $from RETURNING`. Run
 * inside the transaction that does the transition's work: a second process blocks on the row lock
 * and then finds 0 rows; a failure rolls the claim back so the next pass retries.
 * @returns true when this transaction made the change.
 */
export async function claimStage(
  tx: Queryable,
  contestId: string,
  from: ContestStage,
  to: ContestStage,
  nowMs: number,
): Promise<boolean> {
  const stampColumn = to === 'live' ? 'live_at' : to === 'closed' ? 'closed_at' : 'finalized_at';
  const rows = await query<{ id: string }>(
    tx,
    sql`update contests set stage = ${to}, ${sql.raw(stampColumn)} = ${iso(nowMs)}::timestamptz
        where id = ${contestId} and stage = ${from}
        returning id`,
  );
  return rows.length > 0;
}

/** Started, unsubmitted attempts of a contest, locked FOR UPDATE in id order, with their answers. */
export async function lockUnsubmitted(tx: Transaction, contestId: string): Promise<Array<{ attempt: AttemptRecord; answers: StoredAnswer[] }>> {
  const attempts = (
    await query<AttemptRecord>(
      tx,
      sql`select ${ATTEMPT_COLUMNS} from contest_attempts a
          where a.contest_id = ${contestId} and a.started_at is not null and a.submitted_at is null
          order by a.user_id collate "C" for update of a`,
    )
  ).map(normaliseAttempt);
  if (attempts.length === 0) return [];
  const rows = await query<StoredAnswer & { userId: string }>(
    tx,
    sql`select s.user_id as "userId", s.question_index as "questionIndex", s.user_answer as "userAnswer", s.time_spent as "timeSpent"
        from contest_answers s
        join contest_attempts a on a.contest_id = s.contest_id and a.user_id = s.user_id
        where s.contest_id = ${contestId} and a.started_at is not null and a.submitted_at is null`,
  );
  const byUser = new Map<string, StoredAnswer[]>();
  for (const { userId, questionIndex, userAnswer, timeSpent } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push({ questionIndex, userAnswer: Number(userAnswer), timeSpent: Number(timeSpent) });
    byUser.set(userId, list);
  }
  return attempts.map((attempt) => ({ attempt, answers: byUser.get(attempt.userId) ?? [] }));
}

/** A submitted attempt as finalization ranks it. */
export interface SubmittedAttempt {
  id: string;
  userId: string;
  isGuest: boolean;
  totalScore: number;
  totalTimeMs: number;
  submittedMs: number;
}

/** Every submitted attempt of a contest, with whether its user is a guest. */
export async function submittedAttempts(tx: Transaction, contestId: string): Promise<SubmittedAttempt[]> {
  const rows = await query<SubmittedAttempt>(
    tx,
    sql`select a.id, a.user_id as "userId", u.is_guest as "isGuest", a.total_score as "totalScore",
               a.total_time_ms as "totalTimeMs", ${ms('a.submitted_at')} as "submittedMs"
        from contest_attempts a join users u on u.id = a.user_id
        where a.contest_id = ${contestId} and a.submitted_at is not null
        order by a.id`,
  );
  return rows.map((r) => ({ ...r, submittedMs: Number(r.submittedMs) }));
}

/** Stores rank, percentile and badges of attempts in one statement (UPDATE … FROM jsonb_to_recordset). */
export async function storeStandings(
  tx: Transaction,
  standings: ReadonlyArray<{ attemptId: string; rank: number; percentile: number; badges: readonly string[] }>,
): Promise<void> {
  if (standings.length === 0) return;
  const values = jsonParam(standings.map((s) => ({ id: s.attemptId, rank: s.rank, pct: s.percentile, badges: s.badges })));
  await tx.execute(
    sql`update contest_attempts t
        set rank = v.rank, percentile = v.pct, badges = v.badges
        from jsonb_to_recordset(${values}) as v(id text, rank int, pct int, badges text[])
        where t.id = v.id`,
  );
}
