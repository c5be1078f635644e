/** Daily practice calls for integration tests (spec §7 "Daily"), over real HTTP and socket.io-client. */
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { dailySectionQuestions } from '@mathsprint/shared/domain';
import type { ClientToServerEvents, DailySectionKey, ServerToClientEvents } from '@mathsprint/shared/protocol';
import { users } from '../../src/db/schema/index.js';
import type { TestServer } from './test-server.js';

import { call } from './http.js';

export { call, type Reply } from './http.js';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Sets a user's rating directly (the daily unlocks read the current rating). */
export async function setRating(server: TestServer, userId: string, rating: number): Promise<void> {
  await server.database.db.update(users).set({ rating }).where(eq(users.id, userId));
}

/** The correct answers of a section, recomputed from the shared generator. */
export function correctAnswers(date: string, sectionKey: DailySectionKey, timeMs = 1000): Array<{ answer: number; timeMs: number }> {
  return dailySectionQuestions(date, sectionKey).map((q) => ({ answer: q.answer, timeMs }));
}

/** A socket.io client authenticated with `token`, connected. */
export async function connectClient(server: TestServer, token?: string): Promise<Client> {
  const socket: Client = connect(server.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the next `event` the socket receives, or rejects after `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: Client, event: E, ms = 3000): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event as 'newComment', ((payload: unknown) => {
      clearTimeout(timer);
      resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
    }));
  });
}

/**
 * Opens `sectionKey` of `date` as `token`'s player and submits it with every answer right, so
 * that its discussion is theirs from then on; throws unless both calls succeed.
 */
export async function submitSection(server: TestServer, token: string, date: string, sectionKey: DailySectionKey): Promise<void> {
  const opened = await call(server, 'GET', `/api/daily/section/${date}/${sectionKey}`, { token });
  if (opened.status !== 200) throw new Error(`opening ${sectionKey}: ${opened.status} ${JSON.stringify(opened.body)}`);
  const submitted = await call(server, 'POST', '/api/daily/submit', { token, body: { date, sectionKey, answers: correctAnswers(date, sectionKey) } });
  if (submitted.status !== 200) throw new Error(`submitting ${sectionKey}: ${submitted.status} ${JSON.stringify(submitted.body)}`);
}
