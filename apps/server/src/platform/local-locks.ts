/**
 * Keyed locks within one process: each `key` has a promise chain, and `work` runs after the
 * previous holder finished (whether it failed or not). Used by the single-player store (a session's
 * read-modify-write) and the Math Challenge routes (a user's seat changes).
 */
export function createLocalLocks(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const locks = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = locks.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    locks.set(key, tail);
    void tail.then(() => {
      if (locks.get(key) === tail) locks.delete(key);
    });
    return run;
  };
}
