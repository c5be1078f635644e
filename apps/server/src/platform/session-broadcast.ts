/**
 * Telling every process at once that accounts were deleted (issue #46). The session change feed
 * (accounts/session-feed.ts) would reach the other processes' session caches within
 * SESSION_FEED_INTERVAL_MS; a deletion must not leave that second in which another process still
 * accepts the token. With REDIS_URL, the deleting process sends `accountsDeleted` to the others
 * through the Socket.IO adapter and waits for each to acknowledge that it forgot the users, then
 * cuts the users' sockets on every process (`disconnectSockets` goes through the adapter too).
 * Without Redis there is one process, and only the local steps run.
 */
import type { Logger } from './logger.js';
import { userRoom } from './notifier.js';
import type { TypedServer } from './socket.js';

/**
 * How long the deleting request waits for the other processes' acknowledgements, ms. A process
 * that does not answer in time (busy, dying) still learns from the change feed within
 * SESSION_FEED_INTERVAL_MS; waiting longer would only hold up the player's answer.
 */
export const ACCOUNT_BROADCAST_TIMEOUT_MS = 3_000;

export interface AccountBroadcast {
  /**
   * Makes every other process run its `onRemote` handler for `userIds` and waits for their
   * acknowledgements (at most ACCOUNT_BROADCAST_TIMEOUT_MS; a late one is logged), then disconnects
   * the users' sockets on every process. Never rejects.
   */
  accountsDeleted(userIds: readonly string[]): Promise<void>;
}

export function createAccountBroadcast(
  io: TypedServer,
  deps: {
    /** Whether other processes share this one's adapter (REDIS_URL). */
    clustered: boolean;
    /** Run on this process when another one deleted these accounts. */
    onRemote: (userIds: readonly string[]) => Promise<void> | void;
    logger: Logger;
  },
): AccountBroadcast {
  const { clustered, onRemote, logger } = deps;
  if (clustered) {
    io.on('accountsDeleted', (userIds, ack) => {
      Promise.resolve()
        .then(() => onRemote(userIds))
        .catch((error: unknown) => logger.error({ err: error, userIds }, 'handling another process’s account deletion failed'))
        .finally(() => ack(true));
    });
  }
  return {
    async accountsDeleted(userIds) {
      if (clustered) {
        try {
          // The adapter gives up on its own after its requestsTimeout (5 s); this answers sooner.
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no acknowledgement within ${ACCOUNT_BROADCAST_TIMEOUT_MS} ms`)), ACCOUNT_BROADCAST_TIMEOUT_MS);
          });
          const acknowledged = io.serverSideEmitWithAck('accountsDeleted', [...userIds]);
          acknowledged.catch(() => {}); // its own time-out, once `late` has won, is not news
          await Promise.race([acknowledged, late]).finally(() => clearTimeout(timer));
        } catch (error) {
          logger.warn({ err: error, userIds }, 'not every process acknowledged an account deletion in time');
        }
      }
      for (const userId of userIds) io.in(userRoom(userId)).disconnectSockets(true);
    },
  };
}
