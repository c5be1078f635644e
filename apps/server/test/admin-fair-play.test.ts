/**
 * `npm run admin -- flagged` and `npm run admin -- clear ATTEMPT_ID` (issue #47 "Bots"), run as an
 * operator runs them, as child processes, over loopback while a server holds the embedded database
 * and on the files themselves once it stopped: a script's single-player run is listed, clearing it
 * unmarks it and lets it count for the personal best; an unknown id exits 1 with the reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solveQuestionText } from '@mathsprint/shared/testing';
import { childEnv, runNpmScript, seedDataDir, startChildServer, type ChildServer } from './helpers/child-server.js';
import { call } from './helpers/http.js';

const PACE_ENV = { PACE_EASY_FLOOR_MS: '250', PACE_FLOOR_STEP_MS: '50' };

describe('npm run admin -- flagged / clear', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ms-fairplay-'));
  let server: ChildServer | undefined;
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const admin = (...args: string[]) => runNpmScript('admin', args, { DATA_DIR: dataDir });

  /** A script's 1-minute run: every question answered at once, so it ends at the last one. */
  async function scriptedRun(token: string) {
    const start = await call<{ sessionId: string; questions: string[] }>(server!, 'POST', '/singleplayer/start', { token, body: { mode: 1 } });
    let last: Record<string, unknown> = {};
    for (const text of start.body.questions) {
      last = (await call(server!, 'POST', '/singleplayer/answer', { token, body: { sessionId: start.body.sessionId, answer: solveQuestionText(text) } })).body;
    }
    return { sessionId: start.body.sessionId, last };
  }

  it('lists a flagged run and clears it over loopback, then on the stopped database', async () => {
    await seedDataDir(dataDir);
    server = await startChildServer(childEnv(dataDir, PACE_ENV));
    const player = await call<{ token: string }>(server, 'POST', '/signup', { body: { name: 'Script', email: 'script@example.com', password: 'correct horse 1' } });
    const first = await scriptedRun(player.body.token);
    expect(first.last).toMatchObject({ over: true, paceFlag: 'answered faster than a person can', personalBest: null });

    const listed = await admin('flagged');
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toContain('1 flagged attempt');
    expect(listed.output).toMatch(new RegExp(`${first.sessionId}\\s+solo\\s+\\S+\\s+\\S+\\s+answered faster than a person can: median \\d+ ms`));

    const cleared = await admin('clear', first.sessionId);
    expect(cleared.code, cleared.output).toBe(0);
    expect(cleared.output).toContain(`Cleared: ${first.sessionId}`);
    expect((await admin('flagged')).output).toContain('No flagged attempts.');
    const again = await admin('clear', first.sessionId);
    expect([again.code, again.output.includes('Already cleared, unchanged')]).toEqual([0, true]);
    const unknown = await admin('clear', 'no-such-attempt');
    expect([unknown.code, unknown.output.includes('No flagged attempt has the id no-such-attempt')]).toEqual([1, true]);
    const usage = await admin('clear');
    expect([usage.code, usage.output.includes('Usage: npm run admin -- clear ATTEMPT_ID')]).toEqual([1, true]);

    // The cleared run now counts for the personal best of the next run's end.
    const second = await scriptedRun(player.body.token);
    expect(second.last).toMatchObject({ paceFlag: 'answered faster than a person can', personalBest: first.last.score });

    expect((await server.stop('SIGTERM')).code).toBe(0);
    server = undefined;
    const offline = await admin('flagged');
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain(second.sessionId);
    const clearedOffline = await admin('clear', second.sessionId);
    expect([clearedOffline.code, clearedOffline.output.includes(`Cleared: ${second.sessionId}`)]).toEqual([0, true]);
  }, 180_000);
});
