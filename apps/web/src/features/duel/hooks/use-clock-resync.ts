/**
 * Keeps a game screen's clock moving when the server's timerUpdate (spec §7, every second) stops
 * coming while the connection stays up: after CLOCK_SILENCE_MS without a reading the screen asks
 * for the clock (getTimer), and again after each further silence. On several processes this is a
 * process that missed the room's clock start (its Redis subscriber was down): the server's
 * getTimer takes the room's clock up on that process, so the ticks resume. An error ack ("not in
 * a room") means this socket lost its seat: the screen rejoins.
 */
import { timerAckSchema } from '@mathsprint/shared/protocol';
import { useEffect, useRef } from 'react';
import { getSocket } from '../../../lib/socket';
import { parseAck } from '../../../lib/socket-ack';
import { useSocketEvent } from './use-socket-event';

/** How long the clock may stay silent before the screen asks for it (ms): 2.5 ticks. */
const CLOCK_SILENCE_MS = 2500;
/** How often the screen looks for a silence (ms). */
const CHECK_EVERY_MS = 500;
/** How long a getTimer may go unanswered before the next silence may ask again (ms). */
const ASK_TIMEOUT_MS = 5000;

/**
 * @param options.active - whether the game's clock runs now (the game shown, not over, no start
 *   countdown, the connection up); the silence is counted from when it last became active.
 * @param options.onTimeLeft - a reading (s) from getTimer.
 * @param options.onNotInRoom - getTimer answered with an error: rejoin.
 */
export function useClockResync(options: { active: boolean; onTimeLeft: (seconds: number) => void; onNotInRoom: () => void }): void {
  const { active } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const lastHeard = useRef(Date.now());
  useSocketEvent('timerUpdate', () => {
    lastHeard.current = Date.now();
  });

  useEffect(() => {
    if (!active) return;
    lastHeard.current = Date.now();
    let asking = false;
    let stopped = false;
    const timer = window.setInterval(() => {
      const socket = getSocket();
      if (asking || !socket.connected || Date.now() - lastHeard.current < CLOCK_SILENCE_MS) return;
      asking = true;
      socket.timeout(ASK_TIMEOUT_MS).emit('getTimer', {}, (err, raw) => {
        asking = false;
        if (stopped || err) return;
        lastHeard.current = Date.now();
        const ack = parseAck(timerAckSchema, raw, 'getTimer');
        if ('error' in ack) latest.current.onNotInRoom();
        else latest.current.onTimeLeft(ack.timeLeft);
      });
    }, CHECK_EVERY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [active]);
}
