/**
 * The weekly contest's batched writes (issue #48 split them out of contest.service.ts): start,
 * submit-answer and submit go through group commits (group-commit.ts), one transaction per batch,
 * each request answered after COMMIT, so a burst (the opening, the final minute) costs a few
 * transactions instead of one per player.
 */
import type { Database, Transaction } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { ContestCache } from './contest-cache.js';
import { attemptTimeMs, scoreAnswers } from './contest-views.js';
import {
  writeAnswers,
  writeStarts,
  writeSubmits,
  type AnswerItem,
  type AnswerResult,
  type StartItem,
  type StartResult,
  type SubmitItem,
  type SubmitResult,
} from './contest-attempts.repo.js';
import { createGroupCommit, type GroupCommit } from './group-commit.js';

/**
 * Group-commit lingers (group-commit.ts): an answer waits at most 4 ms for company, a small part of
 * its 25 ms p99 budget, which under a burst makes batches several times larger (each transaction
 * costs three statements on PGlite's single thread whatever its size). Starts and submissions come
 * in bursts (the opening, the final minute) with a 500 ms budget, so they wait 10 ms.
 */
const ANSWER_LINGER_MS = 4;
const START_LINGER_MS = 10;
const SUBMIT_LINGER_MS = 10;

/** The three write queues of one process (shapes in contest-attempts.repo.ts). */
export interface ContestWrites {
  /** POST /contest/start: sets startedAt on the first call, answers the attempt with its saved answers. */
  starts: GroupCommit<StartItem, StartResult>;
  /** POST /contest/submit-answer: upserts one answer. */
  answers: GroupCommit<AnswerItem, AnswerResult>;
  /** POST /contest/submit: scores the attempt with the cached contest's questions and duration. */
  submits: GroupCommit<SubmitItem, SubmitResult>;
  /** Resolves once every queued write has committed (or failed). */
  drain(): Promise<void>;
}

/** Makes the write queues over `db`; submissions are scored from the contests in `cache`. */
export function createContestWrites(db: Database, logger: Logger, cache: ContestCache): ContestWrites {
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
          (contestId, given) => scoreAnswers(cache.entries.get(contestId)?.questions ?? [], given),
          (contestId, startedMs, submittedMs) =>
            attemptTimeMs(startedMs, submittedMs, cache.entries.get(contestId)?.record.durationMinutes ?? 0),
        ),
      ),
  });

  return {
    starts,
    answers,
    submits,
    async drain() {
      await Promise.all([starts.drain(), answers.drain(), submits.drain()]);
    },
  };
}
