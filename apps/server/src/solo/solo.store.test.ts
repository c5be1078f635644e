import { describe, expect, it } from 'vitest';
import { createMemorySoloStore, type SoloSession } from './solo.store.js';

const session = (id: string, userId: string, over: Partial<SoloSession> = {}): SoloSession => ({
  id,
  userId,
  mode: 1,
  seed: 'seed',
  answers: [1, 2, 3],
  points: [10, 10, 10],
  startedAt: 1_000,
  endsAt: 61_000,
  score: 0,
  current: 0,
  endedAt: null,
  endReason: null,
  recorded: false,
  wakeAt: 61_000,
  ...over,
});

describe('memory solo store', () => {
  it('keeps JSON copies: changing a record changes nothing until put', async () => {
    const store = createMemorySoloStore();
    const s = session('a', 'u1');
    await store.put(s);
    s.score = 99;
    const read = await store.get('a');
    expect(read?.score).toBe(0);
    if (read) read.answers.push(4);
    expect((await store.get('a'))?.answers).toEqual([1, 2, 3]);
  });

  it("finds a user's latest session and forgets it on delete", async () => {
    const store = createMemorySoloStore();
    await store.put(session('a', 'u1', { startedAt: 1 }));
    await store.put(session('b', 'u1', { startedAt: 2 }));
    // A later write to the older session does not make it the latest.
    await store.put(session('a', 'u1', { startedAt: 1, score: 5 }));
    expect((await store.findByUser('u1'))?.id).toBe('b');
    await store.delete('b');
    expect(await store.findByUser('u1')).toBeNull();
    expect(await store.get('a')).not.toBeNull();
    expect(await store.size()).toBe(1);
  });

  it('lists sessions due at a time, up to a limit', async () => {
    const store = createMemorySoloStore();
    await store.put(session('a', 'u1', { wakeAt: 10 }));
    await store.put(session('b', 'u2', { wakeAt: 20 }));
    await store.put(session('c', 'u3', { wakeAt: 30 }));
    expect((await store.due(20, 10)).map((s) => s.id).sort()).toEqual(['a', 'b']);
    expect(await store.due(5, 10)).toEqual([]);
    expect(await store.due(100, 2)).toHaveLength(2);
  });
});
