/**
 * The single-player session kept in browser storage so that a refresh resumes it (spec §3
 * "Single-player session": local session data is cleared when the session finishes; §4: a stored
 * session is resumed if the timer call succeeds, otherwise a new one starts).
 */
import { z } from 'zod';
import { readJson, writeJson } from '../../../lib/storage';

export const SOLO_SESSION_KEY = 'soloSession';

export const storedSoloSessionSchema = z.object({
  sessionId: z.string().min(1),
  questions: z.array(z.string()),
  /** Seconds. */
  timerDuration: z.number(),
  /** Minutes; absent in sessions stored before it was recorded. */
  mode: z.number().optional(),
});
export type StoredSoloSession = z.infer<typeof storedSoloSessionSchema>;

export function loadSoloSession(): StoredSoloSession | null {
  const parsed = storedSoloSessionSchema.safeParse(readJson<unknown>(SOLO_SESSION_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveSoloSession(session: StoredSoloSession): void {
  writeJson(SOLO_SESSION_KEY, session);
}

export function clearSoloSession(): void {
  writeJson(SOLO_SESSION_KEY, null);
}

/**
 * Whether a stored session may be resumed for a challenge of `mode` minutes. A session of another
 * length is not the challenge the player just chose; one without a recorded mode is resumed.
 */
export function canResume(stored: StoredSoloSession, mode: number): boolean {
  return stored.mode === undefined || stored.mode === mode;
}

/** The mode from the navigation state: one of 1, 2, 3, 5 minutes, default 1 (spec §2, §9). */
export function soloModeFrom(state: unknown, modes: readonly number[], fallback: number): number {
  const mode = z.object({ mode: z.coerce.number() }).safeParse(state);
  return mode.success && modes.includes(mode.data.mode) ? mode.data.mode : fallback;
}
