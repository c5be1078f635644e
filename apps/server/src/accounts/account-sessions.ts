/**
 * The accounts domain's view of who holds a live session: the per-process session cache with its
 * batched row reads, the change feed that brings other processes' revocations, and the listeners
 * told when a user's sessions change. AccountsService builds one and answers verifyToken,
 * primeSessions, onSessionsChanged and sessionsRevoked through it; its own writes that revoke
 * tokens (password change, guest conversion, Google link) call `changed`.
 */
import type { Config } from '../config.js';
import { createBatchLoader } from '../platform/batch-loader.js';
import type { Logger } from '../platform/logger.js';
import type { AccountsRepo, SessionRow } from './accounts.repo.js';
import { createSessionCache } from './session-cache.js';
import { createSessionFeed } from './session-feed.js';

/** Ids per query when priming sessions: keeps each statement's parameter list modest. */
const PRIME_QUERY_SIZE = 1_000;

export interface AccountSessions {
  /** The user's session row (id, name, guest flag, token version), cached; undefined when unknown. */
  row(userId: string): Promise<SessionRow | undefined>;
  /**
   * Drops the users' cached rows, then tells the onChanged listeners (a listener that throws is
   * logged). Call after bumping a token version or renaming, or when told of another process's change.
   */
  changed(userIds: readonly string[]): void;
  /** Calls `listener` with the ids of users whose sessions changed, here or (through the feed) elsewhere. */
  onChanged(listener: (userIds: readonly string[]) => void): void;
  /** Reads the rows of `userIds` (in queries of at most 1,000) into the cache. @returns how many were cached. */
  prime(userIds: readonly string[]): Promise<number>;
  /** Reads the change feed now; resolves at once without a feed. */
  poll(): Promise<void>;
  /** Stops the change feed. */
  close(): void;
}

export interface AccountSessionsDeps {
  repo: Pick<AccountsRepo, 'findSessions' | 'sessionChangesSince'>;
  config: Pick<Config, 'SESSION_CACHE_TTL_MS' | 'SESSION_FEED_INTERVAL_MS'>;
  logger: Logger;
  /**
   * Whether to read the session change feed: needed when other processes share the database and
   * may revoke sessions this process has cached. Never without a cache (SESSION_CACHE_TTL_MS 0).
   */
  feed: boolean;
}

export function createAccountSessions({ repo, config, logger, feed: withFeed }: AccountSessionsDeps): AccountSessions {
  // Session rows of concurrent requests are read together (platform/batch-loader.ts): under a burst
  // of distinct users, one query per batch instead of one per request.
  const sessionRows = createBatchLoader((ids: string[]) => repo.findSessions(ids));
  const cache = createSessionCache({ load: (id) => sessionRows.load(id), ttlMs: config.SESSION_CACHE_TTL_MS });
  const listeners: Array<(userIds: readonly string[]) => void> = [];

  const changed = (ids: readonly string[]): void => {
    ids.forEach((id) => cache.forget(id));
    for (const listener of listeners) {
      try {
        listener(ids);
      } catch (error) {
        logger.error({ err: error }, 'a session change listener failed');
      }
    }
  };
  const feed =
    config.SESSION_CACHE_TTL_MS > 0 && withFeed
      ? createSessionFeed({
          read: (sinceMs) => repo.sessionChangesSince(sinceMs),
          onChanged: changed,
          onUnknown: () => cache.clear(),
          intervalMs: config.SESSION_FEED_INTERVAL_MS,
          logger,
        })
      : null;

  return {
    row: (userId) => cache.get(userId),
    changed,
    onChanged(listener) {
      listeners.push(listener);
    },
    prime(userIds) {
      return cache.prime(async () => {
        const rows: SessionRow[] = [];
        for (let i = 0; i < userIds.length; i += PRIME_QUERY_SIZE) {
          for (const row of (await repo.findSessions(userIds.slice(i, i + PRIME_QUERY_SIZE))).values()) rows.push(row);
        }
        return rows;
      });
    },
    poll: () => feed?.poll() ?? Promise.resolve(),
    close: () => feed?.close(),
  };
}
