/**
 * The flooders of bench/flood, in a process of their own forked by run.ts: each of `tokens` is one
 * hostile client on its own loopback address (127.0.1.n: a machine of its own, so the per-address
 * back-off of one does not refuse the others) that connects (the lean wire client of
 * bench/duel/wire-client.ts), sends getTimer events as fast as its socket takes them until the
 * server cuts it, and reconnects at once (after `retryMs`), whether it was cut or refused. Talks to
 * run.ts over IPC:
 *  - `start` { url, tokens, retryMs }: begins; replies nothing;
 *  - `stop`: stops every flooder and replies `counts`, then exits.
 */
import { WireClient } from '../duel/wire-client.js';

export interface StartMessage {
  type: 'start';
  url: string;
  tokens: string[];
  /** Wait before each reconnection, ms (0: at once). */
  retryMs: number;
}

export interface FloodCounts {
  type: 'counts';
  /** Connections the server accepted. */
  connects: number;
  /** Accepted connections the server closed (the flood cut). */
  cuts: number;
  /** Connections refused by the Socket.IO handshake with the back-off's readable reason. */
  refusedReadable: number;
  /** Connections refused before the Engine.IO handshake (HTTP 400 to the WebSocket upgrade). */
  refusedEarly: number;
  /** Other failed connection attempts (with the first few messages). */
  otherErrors: number;
  otherErrorSamples: string[];
  /** Events sent, and those the server answered "Too many messages, slow down". */
  eventsSent: number;
  eventsRateLimited: number;
  /** This process's CPU time over the flood (user + system), ms, and the flood's length, ms. */
  cpuMs: number;
  wallMs: number;
}

/** Events written per turn of the event loop: the socket's buffer never holds more than one batch. */
const BATCH = 50;
/** `code` of an event the server dropped for the rate limit (protocol ErrorCode). */
const RATE_LIMITED = 'RATE_LIMITED';

const counts: FloodCounts = {
  type: 'counts',
  connects: 0,
  cuts: 0,
  refusedReadable: 0,
  refusedEarly: 0,
  otherErrors: 0,
  otherErrorSamples: [],
  eventsSent: 0,
  eventsRateLimited: 0,
  cpuMs: 0,
  wallMs: 0,
};
let stopping = false;
const open = new Set<WireClient>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const turn = () => new Promise((r) => setImmediate(r));

function onAck(reply: unknown): void {
  if ((reply as { code?: string } | null)?.code === RATE_LIMITED) counts.eventsRateLimited++;
}

/** Floods over `client` until it closes. */
async function flood(client: WireClient): Promise<void> {
  const closed = new Promise<void>((resolve) => (client.onClosed = resolve));
  while (client.connected && !stopping) {
    for (let i = 0; i < BATCH && client.connected; i++) {
      client.emit('getTimer', {}, onAck);
      counts.eventsSent++;
    }
    await turn();
  }
  await closed;
}

async function flooder(url: string, token: string, localAddress: string, retryMs: number): Promise<void> {
  while (!stopping) {
    try {
      const client = await WireClient.connect(url, { token }, 10_000, localAddress);
      counts.connects++;
      open.add(client);
      await flood(client);
      open.delete(client);
      if (!stopping) counts.cuts++;
    } catch (error) {
      const message = (error as Error).message;
      if (message.startsWith('connect error')) counts.refusedReadable++;
      else if (message.includes('400') || message.includes('403')) counts.refusedEarly++;
      else {
        counts.otherErrors++;
        if (counts.otherErrorSamples.length < 5) counts.otherErrorSamples.push(message);
      }
    }
    await (retryMs > 0 ? sleep(retryMs) : turn());
  }
}

let cpuFrom = process.cpuUsage();
let wallFrom = performance.now();
const running: Promise<void>[] = [];

process.on('message', (raw) => {
  const message = raw as StartMessage | { type: 'stop' };
  if (message.type === 'start') {
    cpuFrom = process.cpuUsage();
    wallFrom = performance.now();
    message.tokens.forEach((token, i) => {
      const address = `127.0.1.${(i % 250) + 1}`;
      running.push(flooder(message.url, token, address, message.retryMs));
    });
    return;
  }
  stopping = true;
  const cpu = process.cpuUsage(cpuFrom);
  counts.cpuMs = (cpu.user + cpu.system) / 1000;
  counts.wallMs = performance.now() - wallFrom;
  for (const client of open) client.close();
  void Promise.race([Promise.all(running), sleep(2000)]).then(() => {
    process.send?.(counts);
    setTimeout(() => process.exit(0), 100);
  });
});
process.on('disconnect', () => process.exit(0));
