/**
 * The room of a Math Challenge screen opened with nothing in the browser to say which (another
 * device, or a tab opened before the browser had the saved game state): the server knows the room
 * the player sits in (GET /api/rooms/current, getCurrentRoom). The screen then rejoins that room
 * as after a refresh, and its rejoin handler routes by the room's status (/waiting or /game).
 * Goes home when the player sits in no room, or the call fails.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getCurrentRoom, type CurrentRoom } from '../api/get-current-room';

/**
 * @param known whether the screen already has a room (navigation state or saved state): then
 *   nothing is asked.
 * @param onFound receives the room the player sits in (code, status, mode, isHost, players).
 */
export function useRoomFromServer(known: boolean, onFound: (room: CurrentRoom) => void): void {
  const navigate = useNavigate();
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  useEffect(() => {
    if (known) return;
    let active = true;
    const goHome = () => {
      if (active) navigate('/', { replace: true });
    };
    getCurrentRoom().then((room) => {
      if (!active) return;
      if (room) found.current(room);
      else goHome();
    }, goHome);
    return () => {
      active = false;
    };
  }, [known, navigate]);
}
