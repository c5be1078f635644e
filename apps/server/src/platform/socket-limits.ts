/**
 * Bounds on the Socket.IO connections a client can hold (issue #46 "Connection exhaustion"):
 *  - at most MAX_CONNECTIONS_PER_IP Engine.IO sessions (WebSocket or long-polling) per client
 *    address, the address TRUST_PROXY_HOPS gives (client-address.ts), so the cap holds behind
 *    nginx too, where the TCP peer of every connection is the proxy. A handshake beyond it is
 *    answered 403 by Engine.IO's `allowRequest`, before a session, a transport or a Socket.IO socket
 *    is made;
 *  - a socket without a valid session token that has joined no room is disconnected after
 *    UNAUTHENTICATED_SOCKET_TIMEOUT_MS. Every event of such a socket is refused anyway ("Please
 *    log in to play", platform/socket.ts), so all it can do is hold a descriptor and receive
 *    broadcasts. Signed-in sockets (guests included: they hold a guest token) are never timed.
 */
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';
import { requestClientAddress } from './client-address.js';
import { createAddressCounter, type AddressCounter } from './connection-limits.js';
import type { Logger } from './logger.js';
import type { TypedServer } from './socket.js';

/** The error text of a refused handshake (Engine.IO sends it in its 403 body). */
export const TOO_MANY_CONNECTIONS = 'Too many connections from your address';

/**
 * Installs both bounds on `io`. Engine.IO has one `allowRequest` hook: the session cap is checked
 * first (a count), then whatever hook was already set (the flood gate, flood-gate.ts). A handshake is admitted against the sessions already open: Engine.IO opens the session a
 * microtask after `allowRequest`, before the next connection's data is read, so a burst on separate
 * connections is counted one by one (connection-limits.test.ts); only handshakes pipelined on one
 * connection could pass by a few, which the TCP cap (direct clients) or nginx's limit_conn bounds.
 * @returns the counter of open sessions per client address.
 */
export function limitSocketConnections(
  io: TypedServer,
  options: {
    config: Pick<Config, 'MAX_CONNECTIONS_PER_IP' | 'TRUST_PROXY_HOPS' | 'UNAUTHENTICATED_SOCKET_TIMEOUT_MS'>;
    logger: Logger;
  },
): AddressCounter {
  const { config, logger } = options;
  const max = config.MAX_CONNECTIONS_PER_IP;
  const hops = config.TRUST_PROXY_HOPS;
  const sessions = createAddressCounter(max, (address) =>
    logger.warn({ address, max }, 'socket session cap reached for a client address: refusing its new handshakes'),
  );
  const next = io.engine.opts.allowRequest;
  io.engine.opts.allowRequest = (request: IncomingMessage, callback) => {
    const address = requestClientAddress(request, hops);
    if (!sessions.admits(address)) callback(TOO_MANY_CONNECTIONS, false);
    else if (next) next(request, callback);
    else callback(null, true);
  };
  io.engine.on('connection', (conn: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
    // Read now: platform/socket.ts drops the request once the Socket.IO socket is connected.
    const address = requestClientAddress(conn.request, hops);
    sessions.acquire(address);
    conn.once('close', () => sessions.release(address));
  });

  const timeoutMs = config.UNAUTHENTICATED_SOCKET_TIMEOUT_MS;
  if (timeoutMs > 0) {
    io.on('connection', (socket) => {
      if (socket.data.user) return;
      const timer = setTimeout(() => {
        // Its own room is the only one an unauthenticated socket has, unless a domain adds one.
        if (socket.connected && !socket.data.user && socket.rooms.size <= 1) socket.disconnect(true);
      }, timeoutMs);
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
    });
  }
  return sessions;
}
