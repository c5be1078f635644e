/**
 * Prometheus metrics for GET /metrics (issue #5 "Metrics"), with prom-client on a registry of this
 * app's own (tests run several apps in one process; the global registry would mix them).
 *
 * | metric | type | unit, labels |
 * |---|---|---|
 * | mathsprint_sockets_connected | gauge | Socket.IO sockets connected to this process |
 * | mathsprint_duel_rooms_live | gauge | Math Challenge rooms in the room store |
 * | mathsprint_duel_answer_ack_seconds | histogram | submitAnswer received → acknowledgement returned |
 * | mathsprint_http_request_duration_seconds | histogram | method, route (the route pattern, 'unmatched' for 404s), status_code |
 * | nodejs_eventloop_lag_*_seconds, process_resident_memory_bytes, nodejs_heap_* … | prom-client default metrics | |
 *
 * Times are observed in ms by the callers (the unit used everywhere else in the server) and
 * exported in seconds, Prometheus's base unit.
 */
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricSources {
  /** Sockets connected to this process now. */
  sockets(): number;
  /** Live Math Challenge rooms now (a Redis-backed store may answer asynchronously). */
  liveRooms(): number | Promise<number>;
}

export interface Metrics {
  readonly registry: Registry;
  /** One submitAnswer acknowledgement, `ms` after the event was handed to its handler. */
  observeAnswerAck(ms: number): void;
  /** One HTTP response; `route` is the route pattern (e.g. /contest/:id), never the raw URL. */
  observeHttp(method: string, route: string, statusCode: number, ms: number): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

/**
 * Acknowledgements are synchronous in-memory work (duel.service.ts): tens of µs normally, a few ms
 * under a burst of games; bench/duel's target is p99 ≤ 50 ms. Buckets span 0.1 ms to 1 s.
 */
const ACK_BUCKETS_S = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
/** HTTP: 1 ms (a cached read) to 10 s (a request stuck behind a slow database). */
const HTTP_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: 'mathsprint_sockets_connected',
    help: 'Socket.IO sockets connected to this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'mathsprint_duel_rooms_live',
    help: 'Math Challenge rooms in the room store',
    registers: [registry],
    async collect() {
      this.set(await sources.liveRooms());
    },
  });
  const answerAck = new Histogram({
    name: 'mathsprint_duel_answer_ack_seconds',
    help: 'Time from a submitAnswer event reaching its handler to its acknowledgement',
    buckets: ACK_BUCKETS_S,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'mathsprint_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS_S,
    registers: [registry],
  });
  const httpChildren = new Map<string, { observe(seconds: number): void }>();

  return {
    registry,
    observeAnswerAck(ms) {
      answerAck.observe(ms / 1000);
    },
    observeHttp(method, route, statusCode, ms) {
      // One labelled child per (method, status, route pattern), a bounded set, looked up by a plain
      // string: prom-client would otherwise hash the label object on every response.
      const key = `${method} ${statusCode} ${route}`;
      let child = httpChildren.get(key);
      if (!child) {
        child = httpDuration.labels({ method, route, status_code: String(statusCode) });
        httpChildren.set(key, child);
      }
      child.observe(ms / 1000);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
