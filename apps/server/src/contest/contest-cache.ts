/**
 * The weekly contest's in-memory state in one process (issue #48 split it out of contest.service.ts):
 * contests never change after creation except their stage, so their rows, questions (regenerated
 * from the stored seed) and the questions' JSON are kept here; the registered list of a ContestView
 * is cached as JSON. Reads that several processes could change (registrations, stage) are cached
 * briefly (REGISTRATION_TTL_MS, STAGE_TTL_MS) and refreshed from the database, as are the
 * /contest/next and /contest/current choices (SELECTION_TTL_MS).
 *
 * Cache lifetimes are elapsed real time (the injected `timer`, platform/clock.ts), since they are
 * about other processes, not about the contest; contest time is the `nowMs` the callers pass, read
 * from the injected Clock.
 */
import { contestQuestions, type Question } from '@mathsprint/shared/domain';
import { CONTEST_ERRORS, type ContestLeaderboardEntry, type ContestStage, type ContestStats, ErrorCode } from '@mathsprint/shared/protocol';
import type { MonotonicClock } from '../platform/clock.js';
import type { SessionUser } from '../platform/session-user.js';
import { contestStatus, contestViewFields, publicQuestions, type ContestRecord } from './contest-views.js';
import type { ContestRepo } from './contest.repo.js';
import { AppError } from '../platform/app-error.js';

/** Registered lists are re-read after 2 s, so registrations made by another process show up soon. */
const REGISTRATION_TTL_MS = 2_000;
/** A stage not yet 'finalized' is re-read after 1 s (another process may have moved it). */
const STAGE_TTL_MS = 1_000;
/** /contest/next and /contest/current answers are reused for 1 s while the chosen contest's status holds. */
const SELECTION_TTL_MS = 1_000;

interface Registration {
  ids: string[];
  set: Set<string>;
  /** JSON of `ids`, built on first use after a change. */
  json: string | null;
  /** Timer reading (ms) when the read began. */
  loadedAt: number;
}

/** What the service keeps of one contest. */
export interface Entry {
  record: ContestRecord;
  questions: Question[];
  /** JSON of the public questions (text, points, difficulty, topics), the bulk of every start response. */
  questionsJson: string;
  stage: ContestStage;
  /** Timer reading (ms) of the last stage read. */
  stageReadAt: number;
  registration: Registration | null;
  registrationLoad: Promise<Registration> | null;
  /** Ids registered in this process with the timer reading (ms), re-applied to a list read while they committed. */
  recentRegistrations: Array<{ userId: string; at: number }>;
  leaderboard: ContestLeaderboardEntry[] | null;
  /** Statistics with the timer reading (ms) they were computed at; `final` once finalized (kept for good). */
  stats: { value: ContestStats; at: number; final: boolean } | null;
  /** Attempt id by user id, read shortly before the opening (PREPARE_LEAD_MS) and added to by this process's registrations; null before. */
  attemptIds: Map<string, string> | null;
  /** 'done' once prepared; otherwise the timer reading (ms) before which not to try (again). */
  prepared: 'done' | number;
  /** Whether the registered players' sessions were read into the session cache for the opening. */
  sessionsPrimed: boolean;
}

/** The contest cache of one process; see the header. Every function is safe to call concurrently. */
export interface ContestCache {
  /** Every contest this process has loaded, by id. */
  readonly entries: ReadonlyMap<string, Entry>;
  /** The cached contest, loaded once (concurrent misses share one query); null when unknown. */
  entryOf(id: string): Promise<Entry | null>;
  /** The entry of a contest row read elsewhere (history), made from it when not cached yet. */
  entryFrom(record: ContestRecord, stage: ContestStage): Entry;
  /** @throws AppError 404 'Contest not found'. */
  requireEntry(id: string): Promise<Entry>;
  /** Records a stage read or made; stages only move forward (a move drops the stats and leaderboard). */
  noteStage(entry: Entry, stage: ContestStage): void;
  /** The stage, re-read when it may have moved in another process (older than STAGE_TTL_MS). */
  freshStage(entry: Entry): Promise<ContestStage>;
  /** Adds a registration this process just committed to the entry's lists. */
  noteRegistered(entry: Entry, userId: string): void;
  /** ContestView JSON for `user` at `nowMs` (epoch ms): the fields, with the cached registered-ids JSON spliced in. */
  viewJson(entry: Entry, user: SessionUser | null, nowMs: number): Promise<string>;
  /**
   * The contest of /contest/next or /contest/current at `nowMs` (contest-card.ts rules, in the
   * repository's queries), reused for SELECTION_TTL_MS. With no upcoming contest, `ensureScheduled`
   * makes the next occurrence first.
   * @throws Error when there is still no upcoming contest after that.
   */
  select(kind: 'next' | 'current', nowMs: number, ensureScheduled: (nowMs: number) => Promise<void>): Promise<Entry | null>;
  /** Drops the next/current choices: a contest was scheduled. */
  forgetSelections(): void;
}

const STAGE_ORDER: Record<ContestStage, number> = { upcoming: 0, live: 1, closed: 2, finalized: 3 };

function makeEntry(record: ContestRecord, stage: ContestStage, readAt: number): Entry {
  const questions = contestQuestions(record.seed, record.questionCount, record.questionVersion);
  return {
    record,
    questions,
    questionsJson: JSON.stringify(publicQuestions(questions)),
    stage,
    stageReadAt: readAt,
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

function addRegistered(registration: Registration, userId: string): void {
  if (registration.set.has(userId)) return;
  registration.set.add(userId);
  registration.ids.push(userId);
  // Appended rather than re-serialised: thousands register in the minutes before the opening.
  if (registration.json !== null) {
    registration.json = `${registration.json.slice(0, -1)}${registration.ids.length > 1 ? ',' : ''}${JSON.stringify(userId)}]`;
  }
}

/**
 * Makes the empty contest cache of one process over `repo`; its lifetimes are measured on `timer`
 * (elapsed real time).
 */
export function createContestCache(repo: ContestRepo, timer: MonotonicClock): ContestCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry | null>>();

  function entryOf(id: string): Promise<Entry | null> {
    const cached = entries.get(id);
    if (cached) return Promise.resolve(cached);
    let pending = loading.get(id);
    if (!pending) {
      pending = repo
        .findContest(id)
        .then((found) => {
          if (!found) return null;
          const entry = entries.get(id) ?? makeEntry(found.record, found.stage, timer.now());
          entries.set(id, entry);
          return entry;
        })
        .finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  function noteStage(entry: Entry, stage: ContestStage): void {
    if (STAGE_ORDER[stage] > STAGE_ORDER[entry.stage]) {
      entry.stage = stage;
      entry.stats = null;
      entry.leaderboard = null;
    }
    entry.stageReadAt = timer.now();
  }

  async function freshStage(entry: Entry): Promise<ContestStage> {
    if (entry.stage !== 'finalized' && timer.now() - entry.stageReadAt > STAGE_TTL_MS) {
      const stage = await repo.stageOf(entry.record.id);
      if (stage) noteStage(entry, stage);
    }
    return entry.stage;
  }

  async function registrationOf(entry: Entry): Promise<Registration> {
    if (entry.registration && timer.now() - entry.registration.loadedAt <= REGISTRATION_TTL_MS) return entry.registration;
    if (!entry.registrationLoad) {
      const startedAt = timer.now();
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

  let selections: Record<'next' | 'current', { id: string; status: string; expires: number; atMs: number } | null> = { next: null, current: null };

  return {
    entries,
    entryOf,
    noteStage,
    freshStage,

    entryFrom(record, stage) {
      let entry = entries.get(record.id);
      if (!entry) {
        entry = makeEntry(record, stage, timer.now());
        entries.set(record.id, entry);
      } else {
        noteStage(entry, stage);
      }
      return entry;
    },

    async requireEntry(id) {
      const entry = await entryOf(id);
      if (!entry) throw new AppError(ErrorCode.CONTEST_NOT_FOUND, CONTEST_ERRORS.notFound);
      return entry;
    },

    noteRegistered(entry, userId) {
      entry.recentRegistrations.push({ userId, at: timer.now() });
      if (entry.registration) addRegistered(entry.registration, userId);
    },

    async viewJson(entry, user, nowMs) {
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
    },

    async select(kind, nowMs, ensureScheduled) {
      const memo = selections[kind];
      // Reused for SELECTION_TTL_MS of elapsed real time and of the service's clock (which tests move).
      if (memo && timer.now() < memo.expires && nowMs >= memo.atMs && nowMs - memo.atMs < SELECTION_TTL_MS) {
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
      if (entry) selections[kind] = { id, status: contestStatus(entry.record, nowMs), expires: timer.now() + SELECTION_TTL_MS, atMs: nowMs };
      return entry;
    },

    forgetSelections() {
      selections = { next: null, current: null };
    },
  };
}
