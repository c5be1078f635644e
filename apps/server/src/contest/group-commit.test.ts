import { describe, expect, it } from 'vitest';
import { createGroupCommit, isTransientDatabaseError } from './group-commit.js';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe('createGroupCommit', () => {
  it('writes the requests of one turn together and the ones arriving meanwhile in the next batch', async () => {
    const batches: number[][] = [];
    let release: (() => void) | null = null;
    const commit = createGroupCommit<number, number>({
      async write(take) {
        const batch = take();
        batches.push([...batch]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return batch.map((n) => n * 10);
      },
    });
    const first = [1, 2, 3].map((n) => commit.submit(n));
    await tick();
    expect(batches).toEqual([[1, 2, 3]]);
    const second = [4, 5].map((n) => commit.submit(n));
    expect(commit.size).toBe(5);
    await tick();
    expect(batches).toHaveLength(1); // still waiting for the first write
    (release as unknown as () => void)();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
    await commit.drain();
    expect(commit.size).toBe(0);
  });

  it('caps a batch at maxBatch', async () => {
    const sizes: number[] = [];
    const commit = createGroupCommit<number, number>({
      maxBatch: 4,
      async write(take) {
        const batch = take();
        sizes.push(batch.length);
        return [...batch];
      },
    });
    await Promise.all(Array.from({ length: 10 }, (_, i) => commit.submit(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('rejects only the item whose write fails, by bisecting the batch', async () => {
    let writes = 0;
    const commit = createGroupCommit<number, string>({
      async write(take) {
        const batch = take();
        writes++;
        if (batch.includes(3)) throw new Error('bad item 3');
        return batch.map(String);
      },
    });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => commit.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(writes).toBeGreaterThan(1);
  });

  it('retries a deadlocked batch as a whole', async () => {
    let calls = 0;
    const commit = createGroupCommit<number, number>({
      async write(take) {
        const batch = take();
        calls++;
        if (calls === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return [...batch];
      },
    });
    expect(await Promise.all([commit.submit(1), commit.submit(2)])).toEqual([1, 2]);
    expect(calls).toBe(2);
  });

  it('takes the batch when the transaction is open, so requests queued while waiting for it join', async () => {
    const batches: number[][] = [];
    let open: (() => void) | null = null;
    const commit = createGroupCommit<number, number>({
      async write(take) {
        // Waiting for the database (BEGIN queued behind other statements).
        if (batches.length === 0) await new Promise<void>((resolve) => (open = resolve));
        const batch = take();
        batches.push([...batch]);
        return [...batch];
      },
    });
    const first = commit.submit(1);
    await tick();
    const later = [2, 3, 4].map((n) => commit.submit(n));
    (open as unknown as () => void)();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('fails the queued requests when the transaction cannot even begin', async () => {
    const commit = createGroupCommit<number, number>({
      async write() {
        throw new Error('connection refused');
      },
    });
    const results = await Promise.allSettled([commit.submit(1), commit.submit(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await commit.drain();
    expect(commit.size).toBe(0);
  });

  it('waits lingerMs after an idle spell so that more requests share the transaction, unless the batch is full', async () => {
    const batches: number[][] = [];
    const commit = createGroupCommit<number, number>({
      lingerMs: 30,
      maxBatch: 3,
      async write(take) {
        const batch = take();
        batches.push([...batch]);
        return [...batch];
      },
    });
    const first = commit.submit(1);
    await tick();
    expect(batches).toEqual([]);
    const second = commit.submit(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
    const full = [3, 4, 5].map((n) => commit.submit(n));
    await tick();
    expect(batches).toEqual([[1, 2], [3, 4, 5]]);
    await Promise.all(full);
  });

  it('recognises transient errors through a wrapper cause', () => {
    expect(isTransientDatabaseError({ cause: { code: '40001' } })).toBe(true);
    expect(isTransientDatabaseError({ code: '23505' })).toBe(false);
    expect(isTransientDatabaseError(new Error('x'))).toBe(false);
  });
});
