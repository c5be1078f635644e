/**
 * A lean Socket.IO client for the load generator: a bare `ws` WebSocket speaking just the subset of
 * the Engine.IO v4 / Socket.IO v5 wire protocol a player needs (https://socket.io/docs/v4/socket-io-protocol/):
 *
 *   server → `0{"sid",…}`        Engine.IO open        client → `40{auth}`   Socket.IO CONNECT with auth
 *   server → `40{"sid"}`         connected              server → `44{…}`     connect error
 *   server → `2`                 ping                   client → `3`         pong
 *   client → `42<id>["event",p]` event with ack id      server → `43<id>[r]` its acknowledgement
 *   server → `42["event",p]`     event                  server → `41`         disconnect
 *
 * Why not socket.io-client: on a 2-core machine the load generator shares the CPU with the server it
 * measures, and socket.io-client decodes every frame (10,000 timerUpdate frames a second at 5,000
 * games). This client parses only acknowledgements and the events a listener asked for; everything
 * else is dropped after a prefix check. The server sees exactly what socket.io-client would send.
 */
import WebSocket from 'ws';

type Listener = (payload: unknown) => void;

export class WireClient {
  private nextAckId = 0;
  private readonly acks = new Map<number, (reply: unknown) => void>();
  private readonly listeners = new Map<string, Listener>();
  /** Frame prefixes (`42["name"`) of the events someone listens to. */
  private readonly prefixes: Array<[string, string]> = [];
  connected = false;
  /** Called once the connection has closed, by either side. */
  onClosed?: () => void;

  private constructor(private readonly ws: WebSocket) {}

  /**
   * Opens a websocket-only connection with `auth` in the Socket.IO CONNECT packet, from
   * `localAddress` when given (a loopback address other than 127.0.0.1 stands for another client
   * machine). Rejects with "connect error <data>" when the server refuses the CONNECT, and with the
   * WebSocket error ("Unexpected server response: 400", …) when it refuses the upgrade.
   */
  static connect(url: string, auth: Record<string, unknown>, timeoutMs = 30_000, localAddress?: string): Promise<WireClient> {
    const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) });
    const client = new WireClient(ws);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('connect timeout'));
      }, timeoutMs);
      ws.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      ws.on('close', () => client.closed());
      ws.on('message', (data) => {
        const frame = data.toString();
        if (!client.connected) {
          if (frame.startsWith('0')) ws.send(`40${JSON.stringify(auth)}`);
          else if (frame.startsWith('40')) {
            client.connected = true;
            clearTimeout(timer);
            resolve(client);
          } else if (frame.startsWith('44')) {
            clearTimeout(timer);
            reject(new Error(`connect error ${frame.slice(2)}`));
          }
          return;
        }
        client.onFrame(frame);
      });
    });
  }

  private closed(): void {
    if (!this.connected && this.onClosed === undefined) return;
    this.connected = false;
    const onClosed = this.onClosed;
    this.onClosed = undefined;
    onClosed?.();
  }

  private onFrame(frame: string): void {
    if (frame === '41') {
      // The server's DISCONNECT: socket.io-client gives up the connection at once, so does this one.
      this.ws.terminate();
      this.closed();
      return;
    }
    if (frame === '2') {
      this.ws.send('3');
      return;
    }
    if (frame.startsWith('43')) {
      const bracket = frame.indexOf('[');
      const id = Number(frame.slice(2, bracket));
      const done = this.acks.get(id);
      if (!done) return;
      this.acks.delete(id);
      done((JSON.parse(frame.slice(bracket)) as unknown[])[0]);
      return;
    }
    for (const [prefix, event] of this.prefixes) {
      if (frame.startsWith(prefix)) {
        const [, payload] = JSON.parse(frame.slice(2)) as [string, unknown];
        this.listeners.get(event)?.(payload);
        return;
      }
    }
  }

  /** Listens to server event `event` (one listener per event). */
  on(event: string, listener: Listener): void {
    if (!this.listeners.has(event)) this.prefixes.push([`42["${event}"`, event]);
    this.listeners.set(event, listener);
  }

  /** Emits `event` with `payload` (omitted when undefined) and calls `onAck` with the reply. */
  emit(event: string, payload: unknown, onAck: (reply: unknown) => void): void {
    const id = this.nextAckId++;
    this.acks.set(id, onAck);
    const args = payload === undefined ? [event] : [event, payload];
    this.ws.send(`42${id}${JSON.stringify(args)}`);
  }

  emitWithAck<T>(event: string, payload?: unknown, timeoutMs = 20_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${event}: no acknowledgement in ${timeoutMs} ms`)), timeoutMs);
      this.emit(event, payload, (reply) => {
        clearTimeout(timer);
        resolve(reply as T);
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
