/**
 * Reading the server's socket acknowledgements (issue #48 §4): each is parsed with its protocol
 * schema (packages/shared/src/protocol/socket-acks.ts) instead of being trusted as typed, so a
 * reply of another shape (a server of another version, a proxy's page) reaches the screens as an
 * error reply with a sentence the player understands, not as undefined fields. Screens decide on
 * `'error' in ack` and on `ack.code`, never on the sentence.
 */
import { ErrorCode, type ErrorReply } from '@mathsprint/shared/protocol';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { UNREADABLE_REPLY_MESSAGE } from './api';


/** The error reply that stands for an unreadable acknowledgement (code INTERNAL: nothing to act on). */
export const unreadableReply: ErrorReply = { error: UNREADABLE_REPLY_MESSAGE, code: ErrorCode.INTERNAL };

/** The one toast of unreadable server events (deduplicated: a broken timerUpdate comes every second). */
const UNREADABLE_TOAST = 'socket-unreadable';

/**
 * Parses acknowledgement `raw` of client event `event` with its schema. One that does not parse
 * is logged (console.error, with the zod issues) and becomes `unreadableReply`, which every
 * acknowledgement schema admits, since each is a union with `{ error, code }`: the screen shows its
 * sentence as it shows any refusal.
 */
export function parseAck<T>(schema: z.ZodType<T>, raw: unknown, event: string): T | ErrorReply {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.error(`Unreadable ${event} acknowledgement:`, raw, parsed.error.issues);
  return unreadableReply;
}

/** Reports server event `event` whose payload `raw` failed its schema: logged, and one toast that
 * tells the player (UNREADABLE_REPLY_MESSAGE) while the screen ignores the event. */
export function reportUnreadable(event: string, raw: unknown, error: z.ZodError): void {
  console.error(`Unreadable ${event} event:`, raw, error.issues);
  toast.error(UNREADABLE_REPLY_MESSAGE, { toastId: UNREADABLE_TOAST });
}
