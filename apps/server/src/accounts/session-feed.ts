/**
 * The session change feed: how a revocation made by one server process reaches the session caches
 * of all the others (issue #5: several processes on one database; issue #2: a password change
 * revokes every older token).
 *
 * Every change of a user's token version or name stamps users.session_changed_at with the
 * database's clock (accounts.repo.ts). Each process reads, every `intervalMs`, the ids stamped since
 * its previous read and drops them from its session cache (session-cache.ts), so a revoked token is
 * refused everywhere within about `intervalMs`, and a session row can otherwise stay cached for a
 * long time: one indexed query per second per process instead of one users lookup per request.
 *
 * Reads overlap by OVERLAP_MS, because a stamp is the start time of its transaction (`now()`) and a
 * transaction that commits later than a read began would otherwise fall between two reads. If a
 * read fails, the cache is cleared (`onUnknown`): nothing cached may outlive a revocation it could
 * not see, and the next requests read their rows themselves.
 */
import type { Logger } from '../platform/logger.js';

/**
 * Margin of each read before the previous one's database time, ms: longer than any transaction
 * that changes a session (a one-statement UPDATE) can stay open.
 */
export const SESSION_FEED_OVERLAP_MS = 10_000;

export interface SessionChanges {
  /** The database's clock when the read ran, epoch ms. */
  nowMs: number;
  /** Users whose session_changed_at is later than the `sinceMs` asked for. */
  userIds: string[];
}

export interface SessionFeedDeps {
  /** Reads the users stamped after `sinceMs` (null: only the database's clock, for the first read). */
  read(sinceMs: number | null): Promise<SessionChanges>;
  /** Drops these users' cached session rows. */
  onChanged(userIds: readonly string[]): void;
  /** Drops every cached session row (a read failed: changes may have been missed). */
  onUnknown(): void;
  intervalMs: number;
  logger: Logger;
}

export interface SessionFeed {
  /** Reads once now (tests; the timer calls it every intervalMs). Never rejects. */
  poll(): Promise<void>;
  /** Stops the timer. */
  close(): void;
}

export function createSessionFeed({ read, onChanged, onUnknown, intervalMs, logger }: SessionFeedDeps): SessionFeed {
  /** Database time of the last successful read, epoch ms; null before the first. */
  let lastReadMs: number | null = null;
  let running: Promise<void> | null = null;
  let failing = false;

  async function readOnce(): Promise<void> {
    try {
      const changes = await read(lastReadMs === null ? null : lastReadMs - SESSION_FEED_OVERLAP_MS);
      if (changes.userIds.length > 0) onChanged(changes.userIds);
      lastReadMs = changes.nowMs;
      if (failing) logger.info('session change feed reads again');
      failing = false;
    } catch (error) {
      onUnknown();
      // Read everything since the last good read next time (lastReadMs is kept).
      if (!failing) logger.error({ err: error }, 'session change feed read failed; session cache cleared until it reads again');
      failing = true;
    }
  }

  const poll = (): Promise<void> => {
    running ??= readOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void poll(), intervalMs);
  timer.unref();
  void poll();
  return {
    poll,
    close: () => clearInterval(timer),
  };
}
