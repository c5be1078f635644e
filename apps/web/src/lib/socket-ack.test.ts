import { answerAckSchema, errorAckSchema, rejoinAckSchema, roomAckSchema, timerAckSchema } from '@mathsprint/shared/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREADABLE_REPLY_MESSAGE } from './api';
import { parseAck } from './socket-ack';

describe('parseAck', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes an acknowledgement of its shape through, success or refusal', () => {
    const room = { roomCode: 'ABC234', players: [{ name: 'Ada', userId: 'u1', score: 0, current: 0, connected: true }], mode: 2, isHost: true };
    expect(parseAck(roomAckSchema, room, 'createRoom')).toEqual(room);
    expect(parseAck(roomAckSchema, { error: 'Room is full', code: 'ROOM_FULL' }, 'joinRoom')).toEqual({ error: 'Room is full', code: 'ROOM_FULL' });
    const answer = { correct: true, score: 10, currentQuestion: 1, nextQuestion: null };
    expect(parseAck(answerAckSchema, answer, 'submitAnswer')).toEqual(answer);
    expect(parseAck(timerAckSchema, { timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' }, 'getTimer')).toMatchObject({ code: 'NOT_IN_ROOM' });
    expect(parseAck(errorAckSchema, {}, 'startGame')).toEqual({});
  });

  it('turns an acknowledgement it cannot read into an error reply that says so', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreadable = { error: UNREADABLE_REPLY_MESSAGE, code: 'INTERNAL' };
    // A refusal without its code (a server of another version), a bag of fields, nothing at all.
    expect(parseAck(errorAckSchema, { error: 'Only the host can start the game' }, 'startGame')).toEqual(unreadable);
    expect(parseAck(roomAckSchema, { roomCode: 'ABC234' }, 'createRoom')).toEqual(unreadable);
    expect(parseAck(rejoinAckSchema, undefined, 'rejoinRoom')).toEqual(unreadable);
    expect(parseAck(answerAckSchema, { correct: 'yes', score: 1, currentQuestion: 1, nextQuestion: '1 + 1' }, 'submitAnswer')).toEqual(unreadable);
    expect(parseAck(timerAckSchema, { timeLeft: '30' }, 'getTimer')).toEqual(unreadable);
    expect(logged).toHaveBeenCalledTimes(5);
    expect(String(logged.mock.calls[0]?.[0])).toContain('startGame');
  });

  it('lets a screen tell the two apart by the error field alone', () => {
    const ack = parseAck(answerAckSchema, { error: 'Time is up', code: 'TIME_UP' }, 'submitAnswer');
    if (!('error' in ack)) throw new Error('expected the refusal');
    expect(ack.code).toBe('TIME_UP');
  });
});
