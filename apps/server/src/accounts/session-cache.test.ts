import { describe, expect, it } from 'vitest';
import type { SessionRow } from './accounts.repo.js';
import { createSessionCache } from './session-cache.js';

function countingLoader(rows: Map<string, SessionRow>) {
  const calls: string[] = [];
  const load = async (id: string) => {
    calls.push(id);
    await new Promise((r) => setTimeout(r, 5));
    const row = rows.get(id);
    return row ? { ...row } : undefined;
  };
  return { calls, load };
}

const alice: SessionRow = { id: 'a', name: 'Alice', isGuest: false, tokenVersion: 0 };

describe('session cache', () => {
  it('reads a user once for concurrent and repeated checks within the TTL', async () => {
    const { calls, load } = countingLoader(new Map([['a', alice]]));
    const cache = createSessionCache({ load, ttlMs: 60_000 });
    const rows = await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')]);
    expect(rows.map((r) => r?.name)).toEqual(['Alice', 'Alice', 'Alice']);
    expect((await cache.get('a'))?.tokenVersion).toBe(0);
    expect(calls).toEqual(['a']);
  });

  it('sees a new token version at once after forget', async () => {
    const rows = new Map([['a', alice]]);
    const { calls, load } = countingLoader(rows);
    const cache = createSessionCache({ load, ttlMs: 60_000 });
    expect((await cache.get('a'))?.tokenVersion).toBe(0);
    rows.set('a', { ...alice, tokenVersion: 1 });
    cache.forget('a');
    expect((await cache.get('a'))?.tokenVersion).toBe(1);
    expect(calls).toEqual(['a', 'a']);
  });

  it('does not cache a row read while the user was forgotten', async () => {
    const rows = new Map([['a', alice]]);
    const { load } = countingLoader(rows);
    const cache = createSessionCache({ load, ttlMs: 60_000 });
    const inFlight = cache.get('a');
    rows.set('a', { ...alice, tokenVersion: 1 });
    cache.forget('a');
    expect((await inFlight)?.tokenVersion).toBe(1);
    expect((await cache.get('a'))?.tokenVersion).toBe(1);
  });

  it('does not cache unknown users, and reads every time with a TTL of 0', async () => {
    const { calls, load } = countingLoader(new Map([['a', alice]]));
    const cache = createSessionCache({ load, ttlMs: 0 });
    await cache.get('a');
    await cache.get('a');
    expect(await cache.get('nobody')).toBeUndefined();
    expect(calls).toEqual(['a', 'a', 'nobody']);
  });

  it('prime caches rows read in one go, except users forgotten meanwhile', async () => {
    const rows = new Map([
      ['a', alice],
      ['b', { ...alice, id: 'b', name: 'Bob' }],
    ]);
    const { calls, load } = countingLoader(rows);
    const cache = createSessionCache({ load, ttlMs: 60_000 });
    const primed = cache.prime(async () => {
      const read = [...rows.values()].map((r) => ({ ...r }));
      await new Promise((r) => setTimeout(r, 5));
      return read;
    });
    rows.set('b', { ...alice, id: 'b', name: 'Bob', tokenVersion: 1 });
    cache.forget('b');
    expect(await primed).toBe(1);
    expect((await cache.get('a'))?.name).toBe('Alice');
    expect((await cache.get('b'))?.tokenVersion).toBe(1);
    expect(calls).toEqual(['b']);
    expect(await createSessionCache({ load, ttlMs: 0 }).prime(async () => [alice])).toBe(0);
  });
});
