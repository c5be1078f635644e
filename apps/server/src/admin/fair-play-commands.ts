/**
 * `npm run admin -- flagged` and `npm run admin -- clear ATTEMPT_ID` (issue #47 "Bots"): the
 * results the pace rule flagged as faster than a person can play, and clearing one. What clearing
 * restores is fair-play.service.ts's rule: the result is unmarked from then on and counts for
 * personal bests; ratings and badges are not recomputed.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { z } from 'zod';
import { clearFlag, listFlagged, type FlagListing } from '../fair-play/fair-play.service.js';
import { systemClock, type Clock } from '../platform/clock.js';
import type { Database } from '../platform/db.js';
import { printable } from './admin-output.js';
import { AppError } from '../platform/app-error.js';

/** The fair-play side of AdminServices. */
export interface FairPlayAdmin {
  /** Uncleared flags, newest first (at most 100). */
  flagged(): Promise<FlagListing[]>;
  /** @throws AppError 404 when no attempt of that id was ever flagged. */
  clear(id: string): Promise<{ id: string; changed: boolean }>;
}

/** Over `db`; `clock` (the server's injected Clock, the wall clock by default) stamps a clear. */
export function createFairPlayAdmin(db: Database, clock: Clock = systemClock): FairPlayAdmin {
  return {
    flagged: () => listFlagged(db),
    async clear(id) {
      const result = await clearFlag(db, id, clock.now());
      if (result === 'not-found') throw new AppError(ErrorCode.NOT_FOUND, `No flagged attempt has the id ${id} (npm run admin -- flagged lists them)`);
      return { id, changed: result === 'cleared' };
    },
  };
}

export const flagListingSchema: z.ZodType<FlagListing> = z.object({
  id: z.string(),
  kind: z.enum(['duel', 'contest', 'solo']),
  sourceId: z.string(),
  userId: z.string(),
  reason: z.string(),
  flaggedAt: z.string(),
});

/** The flags as an aligned table: attempt id, kind, user id, flagged at, reason. */
export function flagTable(flags: readonly FlagListing[]): string {
  const rows = [['attempt', 'kind', 'user', 'flagged at', 'reason'], ...flags.map((f) => [f.id, f.kind, f.userId, f.flaggedAt, printable(f.reason)])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}

const attemptIdArg = z.string().trim().min(1).max(200);

/** The two subcommands, in the shape of ADMIN_COMMANDS entries (admin-commands.ts). */
export const fairPlayCommands = {
  flagged: {
    args: '',
    summary: 'list the attempts flagged as answered faster than a person can',
    parse(argv: readonly string[]): Record<string, never> {
      if (argv.length > 0) throw new AppError(ErrorCode.INVALID_INPUT, `Usage: npm run admin -- flagged (takes no arguments, got ${argv.length})`);
      return {};
    },
    run: async (services: { fairPlay: FairPlayAdmin }) => ({ flags: await services.fairPlay.flagged() }),
    output: z.object({ flags: z.array(flagListingSchema) }),
    print: ({ flags }: { flags: FlagListing[] }) =>
      flags.length === 0
        ? 'No flagged attempts.'
        : `${flags.length} flagged attempt${flags.length === 1 ? '' : 's'} (clear one with: npm run admin -- clear ATTEMPT_ID):\n${flagTable(flags)}`,
  },
  clear: {
    args: 'ATTEMPT_ID',
    summary: "clear an attempt's flag: unmarked from now on; ratings and badges are not recomputed",
    parse(argv: readonly string[]): { id: string } {
      const parsed = attemptIdArg.safeParse(argv[0] ?? '');
      if (argv.length !== 1 || !parsed.success) {
        throw new AppError(ErrorCode.INVALID_INPUT, `Usage: npm run admin -- clear ATTEMPT_ID (got ${argv.length === 0 ? 'no id' : `${argv.length} arguments`})`);
      }
      return { id: parsed.data };
    },
    run: (services: { fairPlay: FairPlayAdmin }, { id }: { id: string }) => services.fairPlay.clear(id),
    output: z.object({ id: z.string(), changed: z.boolean() }),
    print: ({ id, changed }: { id: string; changed: boolean }) =>
      changed ? `Cleared: ${id} is no longer marked (ratings and badges are not recomputed)` : `Already cleared, unchanged: ${id}`,
  },
};
