/** Acknowledged socket calls for the integration tests, over a real socket.io-client connection. */
import type { Socket } from 'socket.io-client';

/** An acknowledgement as the tests read it: the event's reply object. */
export type Ack = Record<string, any>;

/**
 * Emits `event` (with `payload` unless undefined) and resolves with the server's acknowledgement;
 * rejects when none arrives within `timeoutMs` (ms). Untyped on purpose: tests also send events
 * and payloads the protocol's types would refuse.
 */
export function emitForAck(socket: Socket<any, any>, event: string, payload?: unknown, timeoutMs = 10_000): Promise<Ack> {
  return (socket as unknown as { timeout(ms: number): { emitWithAck(e: string, ...a: unknown[]): Promise<Ack> } })
    .timeout(timeoutMs)
    .emitWithAck(event, ...(payload === undefined ? [] : [payload]));
}
