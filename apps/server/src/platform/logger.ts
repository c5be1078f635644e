/**
 * Structured logging (pino). Each domain takes a child: `logger.child({ domain: 'duel' })`.
 * Pretty output is not installed; lines are JSON, one per event.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level });
}
