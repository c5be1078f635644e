/**
 * Events between server processes (`io.serverSideEmit`, through the Redis adapter; never sent to
 * clients). Without REDIS_URL there is one process and none are sent.
 */
export interface InterServerEvents {
  /**
   * A Math Challenge started (`over` false) or ended in room `code`, with its game's clock in epoch
   * ms, so that every process announces timerUpdate to its own sockets of the room
   * (duel/room-clocks.ts).
   */
  duelClock: (clock: { code: string; gameId: string; startsAt: number; endsAt: number; rematch: boolean; over: boolean }) => void;
  /**
   * These accounts were deleted (accounts/account-deletion.ts): each process forgets their cached
   * sessions, cuts their sockets and drops what it caches of their names, then acknowledges, so
   * that the deleting request answers only once every process refuses their tokens
   * (platform/session-broadcast.ts).
   */
  accountsDeleted: (userIds: string[], ack: (done: true) => void) => void;
}
