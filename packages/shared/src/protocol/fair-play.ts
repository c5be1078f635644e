/**
 * Wire fields of fair play (issue #47 "Bots"), ours beyond spec §7: the notice a flagged result
 * carries (`paceFlag`, "answered faster than a person can") and a single-player run's end fields.
 * Clients parse them with these schemas; a value they cannot read is dropped, never fatal, since
 * the fields are additions to the spec's replies.
 */
import { z } from 'zod';

/** `paceFlag` on a flagged player, attempt, leaderboard row or run: the rule's words. */
export const paceFlagSchema = z.string().min(1).max(200);

/**
 * The end-of-run fields of POST /singleplayer/answer and GET /singleplayer/timer (SoloRunEnd in
 * http-replies.ts): `paceFlag` when flagged, `personalBest` in points or null.
 */
export const soloRunEndShape = {
  paceFlag: paceFlagSchema.optional().catch(undefined),
  personalBest: z.number().int().nonnegative().nullable().optional().catch(undefined),
};
