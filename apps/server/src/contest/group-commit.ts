/**
 * Group commit: many concurrent requests, one transaction. Requests queue; one writer at a time
 * opens a transaction and, once the database has given it the transaction (BEGIN done), takes
 * everything queued so far (up to `maxBatch`) and writes it with one multi-row statement. Each
 * request's promise resolves after that COMMIT with its own result. This is how POST
 * /contest/submit-answer commits every answer before replying and still meets its latency target
 * with thousands of players (issue #3 benchmark: submit-answer p99 ≤ 25 ms, start p99 ≤ 500 ms
 * with 5,000 starts in a second, on embedded PGlite).
 *
 * Why the batch is taken only after BEGIN: PGlite runs one statement at a time for the whole
 * process, first come first served, and every request first spends a query on its session check.
 * A writer that fixed its batch before queueing for the database would carry one request while the
 * session checks of a hundred others ran ahead of it; taking the batch once the database is ours
 * picks all of them up. On PostgreSQL (a pool) BEGIN is immediate and this changes nothing.
 *
 * Failures: an error matching `isRetryable` (a deadlock or serialization failure between server
 * processes on PostgreSQL) retries the same items up to `retries` times. Any other error splits the
 * batch in halves and writes each alone, so one poisoned request fails by itself and the others
 * still commit; a lone request that fails is rejected with the error.
 */

export interface GroupCommitOptions<I, R> {
  /**
   * Opens a transaction, calls `take()` exactly once inside it before writing, writes the items it
   * returned, and resolves with one result per item in that order (refusals are results, not
   * errors). Must not resolve before COMMIT.
   */
  write(take: () => readonly I[]): Promise<R[]>;
  /** Most items per transaction (default 1000): bounds statement size and how long one transaction holds PGlite. */
  maxBatch?: number;
  /**
   * How long the first request after an idle spell waits for others before the writer asks for
   * the database, in ms (default 0: the next event-loop turn). Every transaction costs a few
   * statements (BEGIN, the write, COMMIT) whatever its size, so under load a few ms of waiting
   * buys batches several times larger and leaves the event loop time for the requests themselves
   * (PostgreSQL's commit_delay makes the same trade). A full batch does not wait.
   */
  lingerMs?: number;
  /** Extra attempts of a batch whose error is retryable (default 3). */
  retries?: number;
  isRetryable?(error: unknown): boolean;
}

export interface GroupCommit<I, R> {
  /** Queues `item`; resolves with its result once its batch committed, rejects if its write failed. */
  submit(item: I): Promise<R>;
  /** Resolves when nothing is queued or being written (shutdown, tests). */
  drain(): Promise<void>;
  /** Items queued or being written. */
  readonly size: number;
}

interface Entry<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

const DEFAULT_MAX_BATCH = 1000;
const DEFAULT_RETRIES = 3;

/** PostgreSQL SQLSTATEs worth retrying as is: serialization_failure, deadlock_detected. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** True for a PostgreSQL serialization failure or deadlock (postgres-js and PGlite both expose `code`). */
export function isTransientDatabaseError(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function createGroupCommit<I, R>(options: GroupCommitOptions<I, R>): GroupCommit<I, R> {
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const lingerMs = options.lingerMs ?? 0;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const isRetryable = options.isRetryable ?? isTransientDatabaseError;
  let queue: Entry<I, R>[] = [];
  let size = 0;
  let running = false;
  let lingering: NodeJS.Timeout | null = null;
  let idle: Array<() => void> = [];

  function startNow(): void {
    if (lingering) clearTimeout(lingering);
    lingering = null;
    void run();
  }

  function takeQueued(): Entry<I, R>[] {
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    return batch;
  }

  async function writeItems(entries: readonly Entry<I, R>[]): Promise<R[]> {
    const items = entries.map((e) => e.item);
    for (let attempt = 0; ; attempt++) {
      try {
        const results = await options.write(() => items);
        if (results.length !== items.length) throw new Error(`group commit: write returned ${results.length} results for ${items.length} items`);
        return results;
      } catch (error) {
        if (attempt >= retries || !isRetryable(error)) throw error;
      }
    }
  }

  function settle(entries: readonly Entry<I, R>[], results: readonly R[]): void {
    entries.forEach((entry, i) => entry.resolve(results[i] as R));
  }

  /** Writes fixed `entries`, bisecting on failure so that only the failing items are rejected. */
  async function writeFixed(entries: readonly Entry<I, R>[]): Promise<void> {
    try {
      settle(entries, await writeItems(entries));
    } catch (error) {
      if (entries.length === 1) {
        entries[0]?.reject(error);
        return;
      }
      const middle = Math.ceil(entries.length / 2);
      await writeFixed(entries.slice(0, middle));
      await writeFixed(entries.slice(middle));
    }
  }

  /** One batch: taken when the transaction is open; returns how many items it carried. */
  async function writeNext(): Promise<number> {
    let batch: Entry<I, R>[] | null = null;
    try {
      const results = await options.write(() => {
        if (batch) throw new Error('group commit: take() called twice');
        batch = takeQueued();
        return batch.map((e) => e.item);
      });
      const taken: readonly Entry<I, R>[] = batch ?? [];
      if (results.length !== taken.length) throw new Error(`group commit: write returned ${results.length} results for ${taken.length} items`);
      settle(taken, results);
      return taken.length;
    } catch (error) {
      // Nothing taken (BEGIN failed): the queued requests fail with the error rather than wait.
      const taken: readonly Entry<I, R>[] = batch ?? takeQueued();
      if (isRetryable(error) || taken.length > 1) await writeFixed(taken);
      else taken[0]?.reject(error);
      return taken.length;
    }
  }

  async function run(): Promise<void> {
    try {
      while (queue.length > 0) {
        const written = await writeNext();
        size -= written;
      }
    } finally {
      running = false;
      const waiters = idle;
      idle = [];
      for (const wake of waiters) wake();
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        size++;
        if (!running) {
          running = true;
          // Let the requests of this event-loop turn (or of the linger) join before asking for the database.
          if (lingerMs > 0) lingering = setTimeout(startNow, lingerMs);
          else setImmediate(startNow);
        } else if (lingering && queue.length >= maxBatch) {
          startNow();
        }
      });
    },
    drain() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    get size() {
      return size;
    },
  };
}
