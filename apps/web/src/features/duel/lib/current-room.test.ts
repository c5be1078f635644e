import { describe, expect, it } from 'vitest';
import { noticeText } from './current-room';

const players = [
  { name: 'Ada', userId: 'a', score: 20, current: 2 },
  { name: 'Bob', userId: 'b', score: 5, current: 1 },
];
const playing = { roomCode: 'K7M2QX', status: 'playing' as const, mode: 2, isHost: true, players, timeLeft: 90 };
const waiting = { ...playing, status: 'waiting' as const, timeLeft: 120 };

describe('noticeText', () => {
  it('names the room and both scores of a running game', () => {
    expect(noticeText(playing)).toEqual({
      title: 'Your Math Challenge is still on',
      detail: 'Room K7M2QX',
      scores: ['Ada 20 pts', 'Bob 5 pts'],
    });
  });

  it('says what a waiting room waits for, with the waiting room\'s own lines', () => {
    expect(noticeText({ ...waiting, players: players.slice(0, 1) }).detail).toBe('Waiting for opponent...');
    expect(noticeText(waiting)).toEqual({ title: 'You are in room K7M2QX', detail: 'Ready to start the game!', scores: [] });
    expect(noticeText({ ...waiting, isHost: false }).detail).toBe('Waiting for the host to start');
  });
});
