/**
 * True from the moment the shared socket drops (its `disconnect` event) until it connects again;
 * false while it is up and during the first connection of a fresh page, so a room screen loading
 * does not claim a lost connection. A screen that mounts while the connection is down (lib/socket
 * isConnectionLost) starts true. Room screens show a notice and hold their room actions back
 * meanwhile (spec §4 "Real-time connection": reconnects automatically).
 */
import { useEffect, useState } from 'react';
import { getSocket, isConnectionLost } from '../../../lib/socket';

export function useConnectionLost(): boolean {
  // A screen that mounts while the connection is down starts with the notice.
  const [lost, setLost] = useState(isConnectionLost);
  useEffect(() => {
    const socket = getSocket();
    setLost(isConnectionLost()); // a change between the first render and this effect
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
