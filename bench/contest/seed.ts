/**
 * Players for bench/contest: written straight into the users table of a fresh embedded database
 * (through the server's own migrations and schema) before the server starts, because 5,000 argon2
 * sign-ups would dominate the run; then each player's session token is minted with the server's
 * own token code (same secret, issuer, audience, version), so the server authenticates the bench's
 * requests exactly as it does real ones.
 */
import { randomUUID } from 'node:crypto';
import { users, type NewUserRow } from '../../apps/server/src/db/schema/index.js';
import { createTokenIssuer } from '../../apps/server/src/accounts/tokens.js';
import { systemClock } from '../../apps/server/src/platform/clock.js';
import { openDatabase } from '../../apps/server/src/platform/db.js';
import { createRng } from '../../packages/shared/src/domain/rng.js';
import type { LoadUser } from './messages.js';

export interface SeededPlayers {
  admin: { id: string; email: string; token: string };
  players: LoadUser[];
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (7 columns each). */
const INSERT_BATCH = 1000;

/**
 * `count` user rows named `Player 00000`…, ratings spread 800–2400 and RD 50–350 (as a live
 * leaderboard would have), drawn from `rng` in order, so a seed name gives the same field.
 */
export function playerRows(rng: () => number, count: number): NewUserRow[] {
  const rows: NewUserRow[] = [];
  for (let i = 0; i < count; i++) {
    rows.push({
      id: randomUUID(),
      name: `Player ${String(i).padStart(5, '0')}`,
      email: `player${i}@bench.invalid`,
      isGuest: false,
      rating: 800 + rng() * 1600,
      rd: 50 + rng() * 300,
      tokenVersion: 0,
    });
  }
  return rows;
}

/**
 * Seeds `count` players (ratings spread 800–2400, RD 50–350, as a live leaderboard would have) and
 * one operator account with `adminEmail`, then mints everyone's token.
 *
 * @param dataDir - the DATA_DIR the server will use (PGlite under dataDir/pgdata).
 * @param jwtSecret - the JWT_SECRET the server will be started with (≥ 32 characters).
 */
export async function seedPlayers(dataDir: string, count: number, adminEmail: string, jwtSecret: string): Promise<SeededPlayers> {
  const rows = playerRows(createRng('bench-contest-players'), count);
  // An operator, as `npm run admin -- grant` would make it (the flag is all the command sets).
  const admin = { id: randomUUID(), name: 'Bench Admin', email: adminEmail, isGuest: false, isOperator: true, tokenVersion: 0 };

  const database = await openDatabase({ dataDir });
  try {
    await database.db.insert(users).values(admin);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await database.db.insert(users).values(rows.slice(i, i + INSERT_BATCH));
  } finally {
    await database.close();
  }

  // JWT_TTL_SECONDS: the server's default (30 days); only expiry depends on it.
  const issuer = createTokenIssuer({ secret: new TextEncoder().encode(jwtSecret), config: { JWT_TTL_SECONDS: 30 * 24 * 3600 }, clock: systemClock });
  const players = await Promise.all(
    rows.map(async (row, i) => ({
      id: row.id,
      token: await issuer.issue({ id: row.id, tokenVersion: 0 }),
      // One address per player, as if each sat at home (the server trusts one proxy hop in the bench).
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    })),
  );
  return { admin: { id: admin.id, email: adminEmail, token: await issuer.issue(admin) }, players };
}
