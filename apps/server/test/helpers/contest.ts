/**
 * Weekly contest calls for integration tests (spec §7 "Weekly contest"), over real HTTP, with an
 * optional log of every response body so that a test can scan everything a client saw before the
 * contest closed (issue #3: no answer or explanation leaves the server before close).
 */
import { eq } from 'drizzle-orm';
import { contestQuestions, type GeneratorVersion, type Question } from '@mathsprint/shared/domain';
import type {
  ContestDetailsResponse,
  ContestHistoryResponse,
  ContestLeaderboardResponse,
  ContestRegisterResponse,
  ContestResponse,
  ContestStartResponse,
  ContestStatsResponse,
  ContestSubmitAnswerResponse,
  ContestSubmitResponse,
  CurrentContestResponse,
} from '@mathsprint/shared/protocol';
import { contests } from '../../src/db/schema/index.js';
import type { TestServer } from './test-server.js';

export interface Reply<T> {
  status: number;
  /** Parsed body; `{error}` on failures. */
  body: T & { error?: string };
  /** The raw body text. */
  text: string;
}

/** One logged response. */
export interface LoggedResponse {
  method: string;
  path: string;
  status: number;
  text: string;
}

export interface ContestApi {
  call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, options?: { token?: string; body?: unknown }): Promise<Reply<T>>;
  create(token: string | undefined, body: unknown): Promise<Reply<ContestResponse>>;
  next(token?: string): Promise<Reply<ContestResponse>>;
  current(token?: string): Promise<Reply<CurrentContestResponse>>;
  register(token: string | undefined, contestId: string): Promise<Reply<ContestRegisterResponse>>;
  start(token: string | undefined, contestId: string): Promise<Reply<ContestStartResponse>>;
  answer(token: string | undefined, body: Record<string, unknown>): Promise<Reply<ContestSubmitAnswerResponse>>;
  submit(token: string | undefined, contestId: string): Promise<Reply<ContestSubmitResponse>>;
  leaderboard(contestId: string, limit?: number): Promise<Reply<ContestLeaderboardResponse>>;
  stats(contestId: string): Promise<Reply<ContestStatsResponse>>;
  history(token: string | undefined, limit?: number): Promise<Reply<ContestHistoryResponse>>;
  past(token: string | undefined, contestId: string): Promise<Reply<ContestDetailsResponse>>;
}

/** Contest calls against `server`; every response is appended to `log` when given. */
export function contestApi(server: TestServer, log?: LoggedResponse[]): ContestApi {
  async function call<T>(method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    log?.push({ method, path, status: res.status, text });
    return { status: res.status, body: JSON.parse(text) as T & { error?: string }, text };
  }
  const q = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(params)
        .filter((e): e is [string, string | number] => e[1] !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  return {
    call,
    create: (token, body) => call('POST', '/admin/contests', { token, body }),
    next: (token) => call('GET', '/contest/next', { token }),
    current: (token) => call('GET', '/contest/current', { token }),
    register: (token, contestId) => call('POST', '/contest/register', { token, body: { contestId } }),
    start: (token, contestId) => call('POST', '/contest/start', { token, body: { contestId } }),
    answer: (token, body) => call('POST', '/contest/submit-answer', { token, body }),
    submit: (token, contestId) => call('POST', '/contest/submit', { token, body: { contestId } }),
    leaderboard: (contestId, limit) => call('GET', `/contest/leaderboard?${q({ contestId, limit })}`),
    stats: (contestId) => call('GET', `/contest/stats?${q({ contestId })}`),
    history: (token, limit) => call('GET', `/contest/history${limit === undefined ? '' : `?${q({ limit })}`}`, { token }),
    past: (token, contestId) => call('GET', `/contest/past/${encodeURIComponent(contestId)}`, { token }),
  };
}

/**
 * The contest's questions with their answers, regenerated from the seed and generator version
 * stored in the database.
 */
export async function questionsOf(server: TestServer, contestId: string): Promise<Question[]> {
  const [row] = await server.database.db
    .select({ seed: contests.seed, count: contests.questionCount, version: contests.questionVersion })
    .from(contests)
    .where(eq(contests.id, contestId));
  if (!row) throw new Error(`no contest ${contestId}`);
  return contestQuestions(row.seed, row.count, row.version as GeneratorVersion);
}

/** A number that is not the question's answer. */
export function wrongAnswer(question: Question): number {
  return question.answer + 1;
}
