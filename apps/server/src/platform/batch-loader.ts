/**
 * Read batching for per-user lookups on hot read paths (session checks, GET /api/daily/season,
 * /api/daily/streak):
 * keys asked for while a batch query runs are fetched together by the next one, so 50 concurrent
 * callers cost a couple of queries instead of 50. On embedded PGlite every statement pays a fixed
 * cost on the one thread (protocol parse, plan, WASM entry) that dwarfs a primary-key probe; this
 * is the read-side counterpart of contest/group-commit.ts.
 *
 * Results are never cached here: each caller gets data read after its call began.
 */

export interface BatchLoader<K, V> {
  /** The value for `key`, or undefined when `loadMany` returned none. Rejects when the batch query fails. */
  load(key: K): Promise<V | undefined>;
}

/**
 * @param loadMany - fetches many keys in one query; keys absent from the returned map resolve undefined.
 * @param maxBatch - most keys per query (bounds statement size); more wait for the next batch.
 */
export function createBatchLoader<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 500): BatchLoader<K, V> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  const queue = new Map<K, Waiter[]>();
  let running = false;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || running) return;
    scheduled = true;
    // setImmediate: let every request already parsed in this turn of the event loop join the batch.
    setImmediate(() => void flush());
  };

  async function flush(): Promise<void> {
    scheduled = false;
    if (queue.size === 0) return;
    const batch = new Map<K, Waiter[]>();
    for (const [key, waiters] of queue) {
      if (batch.size >= maxBatch) break;
      batch.set(key, waiters);
    }
    for (const key of batch.keys()) queue.delete(key);
    running = true;
    try {
      const values = await loadMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    } finally {
      running = false;
      if (queue.size > 0) schedule();
    }
  }

  return {
    load(key) {
      return new Promise((resolve, reject) => {
        const waiters = queue.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else queue.set(key, [{ resolve, reject }]);
        schedule();
      });
    },
  };
}
