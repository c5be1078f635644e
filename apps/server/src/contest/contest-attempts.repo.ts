/**
 * The weekly contest's batched attempt writes (issue #48 split them out of contest.repo.ts): start,
 * submit-answer and submit for a whole group-commit batch (group-commit.ts), each one multi-row SQL
 * statement whose refusal conditions live in the SQL itself, so they hold with several server
 * processes on one PostgreSQL. Locking order and query plans: the header of contest.repo.ts.
 */
import { sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../platform/db.js';
import { startedAttempt, type AttemptRecord, type StoredAnswer } from './contest-views.js';
import { ATTEMPT_COLUMNS, iso, jsonParam, ms, normaliseAttempt, query } from './contest-rows.js';

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

/** One POST /contest/start of a batch (writeStarts). */
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

/** What writeStarts answers for one item, in item order. */
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
      if (item) found.set(key(item.contestId, item.userId), { attempt: startedAttempt(id, item, Number(startedMs)), resumed: false });
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

/** One POST /contest/submit-answer of a batch (writeAnswers). */
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

/** One POST /contest/submit of a batch (writeSubmits); nowMs is the server receive time, epoch ms. */
export interface SubmitItem {
  contestId: string;
  userId: string;
  nowMs: number;
}

/** What writeSubmits answers for one item, in item order. */
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
