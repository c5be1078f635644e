/**
 * Leaves a finished Math Challenge room when its results screen goes away by any way but a rematch
 * (spec §2 "Game results": 'Back to Home' leaves; this hook gives the logo and the browser's Back the
 * same meaning). Without it a player who walked off by the logo stayed seated, and an opponent who
 * asked for a rematch waited for someone who would never see the offer.
 *
 * `leave()` emits leaveRoom and forgets the saved game state, once; `stay()` marks the exit as the
 * way into the rematch's game, which keeps the room. On unmount the leave is deferred by a task so
 * that StrictMode's development-only unmount and remount does not count as an exit. While the game
 * still runs (the opponent plays on), the server refuses the leave and the player stays seated,
 * which is right: the game ends on time and is recorded (issue #2).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { getSocket } from '../../../lib/socket';
import { clearGameState } from '../lib/game-state';

export interface LeaveRoomOnExit {
  /** Leave the room now (the 'Back to Home' button). */
  leave: () => void;
  /** The screen is going into the room's next game: keep the room on exit. */
  stay: () => void;
}

/** @param roomCode the room of the results shown; null (single-player results) disables the hook. */
export function useLeaveRoomOnExit(roomCode: string | null): LeaveRoomOnExit {
  const done = useRef(false);
  const mounted = useRef(false);

  const leave = useCallback(() => {
    if (!roomCode || done.current) return;
    done.current = true;
    getSocket().emit('leaveRoom');
    clearGameState();
  }, [roomCode]);

  const stay = useCallback(() => {
    done.current = true;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) leave();
      }, 0);
    };
  }, [leave]);

  return useMemo(() => ({ leave, stay }), [leave, stay]);
}
