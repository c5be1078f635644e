import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader.js';

describe('createBatchLoader', () => {
  it('fetches keys asked for together in one call, and keys asked for during it in the next', async () => {
    const calls: string[][] = [];
    const loader = createBatchLoader(async (keys: string[]) => {
      calls.push(keys);
      await new Promise((r) => setTimeout(r, 10));
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const first = Promise.all([loader.load('a'), loader.load('b'), loader.load('a'), loader.load('missing')]);
    await new Promise((r) => setImmediate(r));
    const second = Promise.all([loader.load('c'), loader.load('d')]);
    expect(await first).toEqual(['A', 'B', 'A', undefined]);
    expect(await second).toEqual(['C', 'D']);
    expect(calls).toEqual([['a', 'b', 'missing'], ['c', 'd']]);
  });

  it('splits at maxBatch and rejects every waiter of a failed batch', async () => {
    const sizes: number[] = [];
    const loader = createBatchLoader(async (keys: number[]) => {
      sizes.push(keys.length);
      if (keys.includes(13)) throw new Error('boom');
      return new Map(keys.map((k) => [k, k * 2]));
    }, 5);
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => loader.load(i + 5)));
    expect(sizes).toEqual([5, 5, 2]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([10, 12, 14, 16, 18, 'failed', 'failed', 'failed', 'failed', 'failed', 30, 32]);
  });
});
