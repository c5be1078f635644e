import { afterEach, describe, expect, it } from 'vitest';
import { RoomClocks, type GameClock } from './room-clocks.js';

const START = Date.UTC(2026, 4, 4, 9);
/** A 1-minute game whose clock starts 3 s after START (the countdown). */
const game = (id = 'g1'): GameClock => ({ gameId: id, startsAt: START + 3_000, endsAt: START + 63_000, rematch: false });

function harness(listeners = new Set<string>()) {
  let now = START;
  const announced: Array<[string, number]> = [];
  const ended: Array<[string, string]> = [];
  const started: Array<[string, string]> = [];
  const errors: unknown[] = [];
  const clocks = new RoomClocks({
    now: () => now,
    announce: (code, timeLeft) => void announced.push([code, timeLeft]),
    hasListeners: (code) => listeners.has(code),
    started: (code, clock) => void started.push([code, clock.gameId]),
    end: async (code, clock) => void ended.push([code, clock.gameId]),
    onError: (error) => void errors.push(error),
  });
  return { clocks, announced, ended, started, errors, listeners, at: (ms: number) => (now = START + ms) };
}

const open: RoomClocks[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
function make(listeners?: Set<string>) {
  const h = harness(listeners);
  open.push(h.clocks);
  return h;
}

describe('RoomClocks', () => {
  it('announces each whole second once: the full minute through the countdown, then rounded up', async () => {
    const h = make();
    h.clocks.follow('ROOM01', game(), true);
    await h.clocks.visitAll();
    h.at(2_000);
    await h.clocks.visitAll();
    h.at(3_000);
    await h.clocks.visitAll();
    h.at(3_400);
    await h.clocks.visitAll();
    h.at(4_000);
    await h.clocks.visitAll();
    expect(h.announced).toEqual([
      ['ROOM01', 60],
      ['ROOM01', 59],
    ]);
    expect(h.clocks.lastAnnounced('ROOM01')).toBe(59);
  });

  it('passes on the start of a clock followed through its countdown, once, where someone hears it', async () => {
    const h = make(new Set(['ROOM01']));
    h.clocks.follow('ROOM01', game('g1'), false); // sockets here
    h.clocks.follow('ROOM02', game('g2'), true); // driven here
    h.clocks.follow('ROOM03', game('g3'), false); // neither: dropped at its next visit
    h.at(2_999);
    await h.clocks.visitAll();
    expect(h.started).toEqual([]);
    h.at(3_010);
    await h.clocks.visitAll();
    h.at(4_010);
    await h.clocks.visitAll();
    expect(h.started).toEqual([
      ['ROOM01', 'g1'],
      ['ROOM02', 'g2'],
    ]);
    // Followed once the clock runs (a reconnection, a take-over): its start was someone else's news.
    h.clocks.follow('ROOM04', game('g4'), true);
    h.at(5_010);
    await h.clocks.visitAll();
    expect(h.started).toHaveLength(2);
    // A rematch in the same room is a new countdown.
    h.clocks.follow('ROOM01', { ...game('g5'), startsAt: START + 8_000, endsAt: START + 68_000 }, false);
    h.at(8_010);
    await h.clocks.visitAll();
    expect(h.started).toEqual([
      ['ROOM01', 'g1'],
      ['ROOM02', 'g2'],
      ['ROOM01', 'g5'],
    ]);
  });

  it('ends a driven game when time is up, once, and lets a clock it does not drive go', async () => {
    const h = make(new Set(['ROOM01', 'ROOM02']));
    h.clocks.follow('ROOM01', game('g1'), true);
    h.clocks.follow('ROOM02', game('g2'), false);
    expect(h.clocks.driven()).toEqual(['ROOM01']);
    h.at(63_000);
    await Promise.all([h.clocks.visitAll(), h.clocks.visitAll()]);
    expect(h.ended).toEqual([['ROOM01', 'g1']]);
    // The driver's end forgets its clock itself (through the socket layer); the other is gone already.
    expect(h.clocks.has('ROOM02')).toBe(false);
    expect(h.clocks.has('ROOM01', 'g1')).toBe(true);
  });

  it('drops a clock nobody listens to here unless this process drives it', async () => {
    const h = make(new Set());
    h.clocks.follow('ROOM01', game(), true);
    h.clocks.follow('ROOM02', game('g2'), false);
    await h.clocks.visitAll();
    expect(h.announced).toEqual([['ROOM01', 60]]);
    expect(h.clocks.has('ROOM01')).toBe(true);
    expect(h.clocks.has('ROOM02')).toBe(false);
  });

  it('keeps announcing a room whose lease went elsewhere, and keeps a driven clock driven when followed again', async () => {
    const h = make(new Set(['ROOM01']));
    h.clocks.follow('ROOM01', game(), true);
    h.clocks.follow('ROOM01', game(), false);
    expect(h.clocks.driven()).toEqual(['ROOM01']);
    expect(h.clocks.followedGame('ROOM01')).toBeUndefined();
    h.clocks.undrive('ROOM01');
    expect(h.clocks.driven()).toEqual([]);
    expect(h.clocks.followedGame('ROOM01')).toBe('g1');
    expect(h.clocks.followedGame('ROOM02')).toBeUndefined();
    await h.clocks.visitAll();
    expect(h.announced).toEqual([['ROOM01', 60]]);
    h.at(63_000);
    await h.clocks.visitAll();
    expect(h.ended).toEqual([]);
    expect(h.clocks.has('ROOM01')).toBe(false);
  });

  it('forgets only the game it is told about: a rematch replaces the clock', async () => {
    const h = make(new Set(['ROOM01']));
    h.clocks.follow('ROOM01', game('g1'), true);
    h.clocks.follow('ROOM01', { gameId: 'g2', startsAt: START + 13_000, endsAt: START + 73_000, rematch: false }, true);
    h.clocks.forget('ROOM01', 'g1');
    expect(h.clocks.has('ROOM01', 'g2')).toBe(true);
    h.at(63_000);
    await h.clocks.visitAll();
    expect(h.ended).toEqual([]);
    expect(h.announced).toEqual([['ROOM01', 10]]);
    h.clocks.forget('ROOM01', 'g2');
    expect(h.clocks.has('ROOM01')).toBe(false);
  });

  it('reports a visit that throws and goes on with the other rooms', async () => {
    const h = make(new Set(['ROOM01', 'ROOM02']));
    const clocks = new RoomClocks({
      now: () => START,
      announce: (code) => {
        if (code === 'ROOM01') throw new Error('socket gone');
        h.announced.push([code, 0]);
      },
      hasListeners: () => true,
      started: () => {},
      end: async () => {},
      onError: (error) => void h.errors.push(error),
    });
    open.push(clocks);
    clocks.follow('ROOM01', game(), true);
    clocks.follow('ROOM02', game(), true);
    await clocks.visitAll();
    expect(h.errors).toHaveLength(1);
    expect(h.announced).toEqual([['ROOM02', 0]]);
  });
});
