/**
 * What the dashboard says about the room a player left without leaving it (the notice of
 * components/current-room-notice.tsx), as pure functions of the server's answer.
 */
import type { CurrentRoomResponse } from '@mathsprint/shared/protocol';

type Room = NonNullable<CurrentRoomResponse['room']>;

/** The notice's heading, the line under it and, for a running game, each player's score. */
export function noticeText(room: Room): { title: string; detail: string; scores: string[] } {
  if (room.status === 'playing') {
    return {
      title: 'Your Math Challenge is still on',
      detail: `Room ${room.roomCode}`,
      scores: room.players.map((p) => `${p.name} ${p.score} pts`),
    };
  }
  const full = room.players.length >= 2;
  const detail = !full ? 'Waiting for opponent...' : room.isHost ? 'Ready to start the game!' : 'Waiting for the host to start';
  return { title: `You are in room ${room.roomCode}`, detail, scores: [] };
}
