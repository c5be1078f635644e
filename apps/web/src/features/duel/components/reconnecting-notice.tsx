/** The notice a room screen shows while its connection is down and socket.io-client reconnects. */
export function ReconnectingNotice() {
  return (
    <p className="alert alert-warning duel-reconnecting" role="status">
      Connection lost. Reconnecting…
    </p>
  );
}
