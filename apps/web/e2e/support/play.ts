/** Playing steps shared by the browser tests. */
import { solveQuestionText } from '@mathsprint/shared/testing';
import type { Page } from 'playwright-core';

/**
 * Reads the question shown in `selector` ('.duel-question', '.solo-question'), answers it correctly
 * and waits up to 10 s for the next one (or the end screen). False when no question shows.
 * @throws Error when the same question still shows after 10 s.
 */
export async function answerCorrectly(page: Page, selector: string): Promise<boolean> {
  const question = page.locator(selector);
  // allTextContents reads what is there now; textContent would wait for a question that the end
  // of the game has just taken away.
  const shown = async () => (await question.allTextContents())[0]?.trim() ?? '';
  const text = await shown();
  if (!text || text === '…') return false;
  await page.getByPlaceholder('Type your answer').fill(String(solveQuestionText(text)));
  await page.keyboard.press('Enter');
  // Moves on to a new question (or to the end screen). A plain wait, not Vitest's global
  // expect.poll, so that tests running side by side can call it.
  const deadline = Date.now() + 10_000;
  while ((await shown()) === text) {
    if (Date.now() > deadline) throw new Error(`the question '${text}' was still shown 10 s after its correct answer`);
    await page.waitForTimeout(50);
  }
  return true;
}

/**
 * Server settings of a suite whose players solve every question of a game (answerAll): a browser
 * answers its 150 questions a minute faster than any person, past the socket's 100 events per 20 s.
 */
export const SOLVES_EVERY_QUESTION_ENV: Record<string, string> = { SOCKET_RATE_LIMIT_EVENTS: '1000' };

/** Answers every question until the results screen shows. */
export async function answerAll(page: Page): Promise<void> {
  while (!page.url().endsWith('/results')) {
    if ((await page.locator('.duel-question').count()) > 0) await answerCorrectly(page, '.duel-question');
    else await page.waitForTimeout(100);
  }
}

/** Creates a Math Challenge room from the dashboard (Create Room) and returns its code, read from
 * the waiting room. */
export async function createRoom(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create Room' }).click();
  await page.waitForURL('**/waiting');
  return (await page.locator('output.duel-code').textContent())?.trim() ?? '';
}

/** Enters `code` on the dashboard and clicks Join Room (the caller waits for /waiting). */
export async function joinRoom(page: Page, code: string): Promise<void> {
  await page.getByLabel('Room code').fill(code);
  await page.getByRole('button', { name: 'Join Room' }).click();
}

/** The seconds of the m:ss clock that `text` starts with ("0:42", "0:42 left"); throws without one. */
export function clockSeconds(text: string | null): number {
  const clock = /^(\d+):(\d{2})/.exec(text?.trim() ?? '');
  if (!clock) throw new Error(`not a clock: ${text}`);
  return Number(clock[1]) * 60 + Number(clock[2]);
}
