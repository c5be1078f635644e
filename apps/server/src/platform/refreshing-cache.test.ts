import { describe, expect, it } from 'vitest';
import { createRefreshingCache } from './refreshing-cache.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A table read by `load` with a 5 ms delay, counting the loads and the stale values passed in. */
function table(initial: Record<string, number>) {
  const rows = new Map(Object.entries(initial));
  const loads: { key: string; stale: number | undefined }[] = [];
  const load = async (key: string, stale: { n: number } | undefined) => {
    loads.push({ key, stale: stale?.n });
    const n = rows.get(key);
    await sleep(5);
    return n === undefined ? undefined : { n };
  };
  return { rows, loads, load };
}

describe('refreshing cache (stale-while-revalidate over lru-cache)', () => {
  it('shares one load between concurrent gets and serves it until the TTL', async () => {
    const t = table({ a: 1 });
    const cache = createRefreshingCache({ load: t.load, ttlMs: 200, max: 10 });
    const values = await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')]);
    expect(values.map((v) => v?.n)).toEqual([1, 1, 1]);
    t.rows.set('a', 2);
    expect((await cache.get('a'))?.n).toBe(1);
    expect(t.loads).toHaveLength(1);
  });

  it('between one and two TTLs serves the old value at once and reloads it in the background', async () => {
    const t = table({ a: 1 });
    const cache = createRefreshingCache({ load: t.load, ttlMs: 60, max: 10 });
    await cache.get('a');
    t.rows.set('a', 2);
    await sleep(80);
    expect((await cache.get('a'))?.n).toBe(1);
    expect(t.loads).toEqual([
      { key: 'a', stale: undefined },
      { key: 'a', stale: 1 },
    ]);
    await sleep(20);
    expect((await cache.get('a'))?.n).toBe(2);
    expect(t.loads).toHaveLength(2);
  });

  it('past two TTLs waits for a fresh value instead of serving the old one', async () => {
    const t = table({ a: 1 });
    const cache = createRefreshingCache({ load: t.load, ttlMs: 30, max: 10 });
    await cache.get('a');
    t.rows.set('a', 2);
    await sleep(90);
    expect((await cache.get('a'))?.n).toBe(2);
  });

  it('forget drops the value and a load in flight, whose caller reads again after the change', async () => {
    const t = table({ a: 1 });
    const cache = createRefreshingCache({ load: t.load, ttlMs: 60_000, max: 10 });
    const inFlight = cache.get('a');
    t.rows.set('a', 2);
    cache.forget('a');
    expect((await inFlight)?.n).toBe(2);
    expect((await cache.get('a'))?.n).toBe(2);
    t.rows.set('a', 3);
    cache.forgetWhere((key) => key.startsWith('a'));
    expect((await cache.get('a'))?.n).toBe(3);
  });

  it('caches nothing for an undefined value, rejects when the load fails, and reads every time with a TTL of 0', async () => {
    const t = table({});
    const cache = createRefreshingCache({ load: t.load, ttlMs: 60_000, max: 10 });
    expect(await cache.get('x')).toBeUndefined();
    t.rows.set('x', 7);
    expect((await cache.get('x'))?.n).toBe(7);

    const failing = createRefreshingCache<string, { n: number }>({
      load: async () => {
        throw new Error('database down');
      },
      ttlMs: 60_000,
      max: 10,
    });
    await expect(failing.get('a')).rejects.toThrow('database down');

    const off = table({ a: 1 });
    const uncached = createRefreshingCache({ load: off.load, ttlMs: 0, max: 10 });
    await uncached.get('a');
    await uncached.get('a');
    expect(off.loads).toHaveLength(2);
  });
});
