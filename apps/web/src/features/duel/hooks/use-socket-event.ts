/**
 * Subscribes a component to one server→client socket event for as long as it is mounted. The
 * handler may change on every render; the subscription does not (it calls the latest handler).
 */
import type { ServerToClientEvents } from '@mathsprint/shared/protocol';
import { useEffect, useRef } from 'react';
import { getSocket } from '../../../lib/socket';

export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const socket = getSocket();
    const listener = ((...args: unknown[]) => (latest.current as (...a: unknown[]) => void)(...args)) as ServerToClientEvents[E];
    // socket.io's typed `on` cannot relate a generic E to its listener type; the cast is sound.
    (socket.on as (e: E, l: ServerToClientEvents[E]) => void)(event, listener);
    return () => {
      (socket.off as (e: E, l: ServerToClientEvents[E]) => void)(event, listener);
    };
  }, [event]);
}
