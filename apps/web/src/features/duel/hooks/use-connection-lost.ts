/**
 * True from the moment the shared socket drops (its `disconnect` event) until it connects again;
 * false while it is up and during the first connection of a fresh page, so a room screen loading
 * does not claim a lost connection. Room screens show a notice and hold their room actions back
 * meanwhile (spec §4 "Real-time connection": reconnects automatically).
 */
import { useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';

export function useConnectionLost(): boolean {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const socket = getSocket();
    const dropped = () => setLost(true);
    const back = () => setLost(false);
    socket.on('disconnect', dropped);
    socket.on('connect', back);
    return () => {
      socket.off('disconnect', dropped);
      socket.off('connect', back);
    };
  }, []);
  return lost;
}
