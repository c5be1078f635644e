/**
 * Subscribes a component to one server→client socket event for as long as it is mounted. The
 * handler may change on every render; the subscription does not (it calls the latest handler).
 * A Math Challenge room event is parsed with its protocol schema first (duelEventSchemas): one that
 * does not parse is reported (lib/socket-ack.ts) and not handed to the screen.
 */
import { duelEventSchemas, type ServerToClientEvents } from '@mathsprint/shared/protocol';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { getSocket } from '../../../lib/socket';
import { reportUnreadable } from '../../../lib/socket-ack';

const schemas: Partial<Record<keyof ServerToClientEvents, z.ZodType>> = duelEventSchemas;

export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const socket = getSocket();
    const schema = schemas[event];
    const listener = ((...args: unknown[]) => {
      const call = latest.current as (...a: unknown[]) => void;
      if (!schema) return call(...args);
      const parsed = schema.safeParse(args[0]);
      if (parsed.success) call(parsed.data);
      else reportUnreadable(event, args[0], parsed.error);
    }) as ServerToClientEvents[E];
    // socket.io's typed `on` cannot relate a generic E to its listener type; the cast is sound.
    (socket.on as (e: E, l: ServerToClientEvents[E]) => void)(event, listener);
    return () => {
      (socket.off as (e: E, l: ServerToClientEvents[E]) => void)(event, listener);
    };
  }, [event]);
}
