/**
 * IPC messages between the three processes of bench/contest (run.ts ↔ load.ts, run.ts ↔
 * server-entry.ts). The processes are forked with `serialization: 'advanced'`, so typed arrays
 * cross as they are. Every time is epoch ms (Date.now(), shared by processes on one machine)
 * unless the name says otherwise; every duration is ms.
 */
import type { GapTotals } from '../support/stall-watch.js';

/** One player as the load generator needs it. */
export interface LoadUser {
  /** users.id */
  id: string;
  /** Session token minted with the server's own token code. */
  token: string;
  /** X-Forwarded-For address, so per-IP limits see one address per player as in production. */
  ip: string;
}

/** run.ts → load.ts: everything the load generator needs; it answers `ready` once its pool is warm. */
export interface LoadSetup {
  type: 'setup';
  url: string;
  contestId: string;
  /** Contest open and close, epoch ms (the contest is live from open to close inclusive). */
  openTimeMs: number;
  closeTimeMs: number;
  questionCount: number;
  users: LoadUser[];
  /** Keep-alive connections in the pool. */
  connections: number;
  /** Starts are spread evenly over [open, open + startSpreadMs). */
  startSpreadMs: number;
  /** Answers go out at uniform random times in [open + firstAnswerAfterMs, close − lastAnswerBeforeMs]. */
  firstAnswerAfterMs: number;
  lastAnswerBeforeMs: number;
  /** Share (0–1) of players who press submit; the others are auto-submitted at close. */
  submitShare: number;
  /** Share (0–1) of answers that are right (solved from the question text, as a player would). */
  correctShare: number;
  /** Seed of the players' plan (answer times, order, who submits), so runs are comparable. */
  seed: string;
}

/** load.ts → run.ts: the pool is open; the starts will go out at openTimeMs. */
export interface LoadReady {
  type: 'ready';
  sockets: number;
  warmupMs: number;
}

/** load.ts → run.ts: every start has been answered (or failed). Times relative to open, ms. */
export interface LoadStartsDone {
  type: 'starts-done';
  firstSentMs: number;
  lastSentMs: number;
  lastAnsweredMs: number;
  /** The load generator's own event-loop delay from opening to the last start's answer, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
}

/** Latencies (ms) of one endpoint, with how late the load generator sent each request (ms). */
export interface EndpointSamples {
  latencies: Float64Array;
  lateness: Float64Array;
  /** When each request was sent, ms after the contest opened. */
  sentAfterOpenMs: Float64Array;
}

/** load.ts → run.ts at the end: every measurement. */
export interface LoadResult {
  type: 'result';
  start: EndpointSamples;
  answer: EndpointSamples;
  submit: EndpointSamples;
  /** Non-2xx responses and network errors, keyed "<endpoint> <status or error code>". */
  errors: Record<string, number>;
  /** The first few error bodies, for the report. */
  errorSamples: string[];
  /** Every 2xx-acknowledged answer, in acknowledgement order: parallel arrays. */
  acked: { user: Int32Array; question: Int16Array; answer: Float64Array };
  /** Indexes (into setup.users) of the players whose POST /contest/submit was acknowledged. */
  submitted: Int32Array;
  /** Players whose start was acknowledged. */
  started: number;
  /** Answers that had to wait for the same player's previous answer to be acknowledged. */
  answersQueuedBehindPrevious: number;
  /** The load generator's own event-loop delay p99 over the contest, ms (a busy generator inflates latencies). */
  loopP99Ms: number;
  loopMaxMs: number;
  /** CPU the load generator used from the opening to its result, ms. */
  cpuMs: number;
  /** Right answers sent and acknowledged per player (solved from the text), for a cross-check of the scores. */
  expectedCorrect: Int16Array;
}

export type LoadIncoming = LoadSetup | { type: 'stop' };
export type LoadOutgoing = LoadReady | LoadStartsDone | LoadResult;

/** Phases of a run, in order; the server harness keeps separate statistics for each. */
export const PHASES = ['registration', 'waiting', 'start', 'answers', 'finalize'] as const;
export type Phase = (typeof PHASES)[number];

/** run.ts → server-entry.ts. */
export type HarnessRequest =
  /** Starts `phase` now, or at epoch ms `atMs` on the server's own timer (the server may be too busy
   * to read an IPC message at the moment that matters, e.g. while it closes a contest). */
  | { id: number; type: 'phase'; phase: Phase; atMs?: number }
  /** Ends the current phase and returns the statistics of every phase so far. */
  | { id: number; type: 'report' };

/** What the server process did during one phase. */
export interface PhaseStats {
  phase: Phase;
  wallMs: number;
  /** Event-loop delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution), ms. */
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  /** CPU (user + system) of the server process, ms, and as % of one core. */
  cpuMs: number;
  cpuPercent: number;
  /** CPU used by every process on the machine, % of ONE core (200 = both cores of this machine busy). */
  machineBusyPercent: number;
  /** Time inside PGlite's synchronous query execution (runs on the server's main thread), ms, and calls. */
  dbMs: number;
  dbCalls: number;
  /** Time in PGlite's syncToFs after each statement (flushing the data directory), ms. */
  fsSyncMs: number;
  /** Garbage collection pauses, ms, and count. */
  gcMs: number;
  gcCount: number;
  /** Longest event-loop stalls (> 50 ms between 10 ms ticks): when (ms into the phase), how long, CPU used meanwhile. */
  stalls: Array<{ atMs: number; gapMs: number; cpuMs: number }>;
  /** Every event-loop gap of over 20 ms in the phase, totalled: count, ms in all, CPU ms meanwhile
   * (the loop p99 counts a gap once, so it hides them; bench/support/stall-watch.ts). */
  gaps: GapTotals;
  rssMb: number;
  heapUsedMb: number;
  /** The SQL statements PGlite spent most time executing in this phase (text cut to 110 chars): times parsed, ms. */
  topSql: Array<{ sql: string; statements: number; ms: number }>;
}

export type HarnessReply = { id: number; phases?: PhaseStats[] };
