/**
 * How questions read on the game screens (issue #47): powers written with superscripts (3², 2⁵), the
 * long mixed questions past level 10 set smaller and never broken inside a number, and a player
 * who reaches the end of the list is told so. A real Math Challenge between two browsers, played
 * until a power shows; the single-player run with its questions served by the test.
 * Screens saved as artifacts/screenshots/questions-*.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { continueAsGuest } from './support/accounts';
import { DESKTOP, newContext, PHONE, shot, VIEWPORTS } from './support/browser';
import { answerCorrectly, createRoom, joinRoom } from './support/play';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser();

const POWER = /[²³⁴⁵⁶⁷⁸⁹]/;

/** The words (runs of non-spaces: "15561", "2⁵", "(18") of the question that wrap onto two lines. */
function brokenWords(question: Locator): Promise<string[]> {
  return question.evaluate((node) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

describe('question text on the game screens', () => {
  it('shows a Math Challenge power in superscripts, on a phone and a desktop', { timeout: 120_000 }, async () => {
    const hostContext = await newContext(suite.browser, suite.app.url, PHONE);
    const guestContext = await newContext(suite.browser, suite.app.url, PHONE);
    const [host, guest] = await Promise.all([hostContext.newPage(), guestContext.newPage()]);
    await Promise.all([continueAsGuest(host), continueAsGuest(guest)]);
    const code = await createRoom(host);
    await joinRoom(guest, code);
    await guest.waitForURL('**/waiting');
    await host.getByRole('button', { name: 'Start Game' }).click();
    const question = host.locator('.duel-question');
    await question.waitFor({ timeout: 15_000 });

    // Powers come from level 5 (question 17) on, and often in the mixed questions past level 10.
    let text = '';
    for (let answered = 0; answered < 100; answered++) {
      text = (await question.textContent())?.trim() ?? '';
      if (POWER.test(text)) break;
      expect(await answerCorrectly(host, '.duel-question')).toBe(true);
    }
    expect(text).toMatch(POWER);
    expect(text).not.toContain('^');
    expect(await brokenWords(question)).toEqual([]);
    await shot(host, 'questions-duel-power-phone');
    await host.setViewportSize(DESKTOP);
    expect(await brokenWords(question)).toEqual([]);
    await shot(host, 'questions-duel-power-desktop');

    // On past level 10: a mixed question (two topics of level 10) still reads on one screen.
    await host.setViewportSize(PHONE);
    for (let answered = 0; answered < 60 && !/Question (4[1-9]|[5-9]\d) of/.test((await host.locator('.question-count').textContent()) ?? ''); answered++) {
      expect(await answerCorrectly(host, '.duel-question')).toBe(true);
    }
    expect(await brokenWords(question)).toEqual([]);
    await shot(host, 'questions-duel-mixed-phone');
    await Promise.all([hostContext.close(), guestContext.close()]);
  });

  it('tells a single player who solves the whole list so, with the powers in superscripts', { timeout: 60_000 }, async () => {
    for (const [viewport, name] of VIEWPORTS) {
      const context = await newContext(suite.browser, suite.app.url, viewport);
      const page = await context.newPage();
      await continueAsGuest(page);
      // A list short enough to finish: the server's has 150 a minute.
      const questions = ['2⁵ + 3²', '12² − (3⁴ − 17) × 2 + 743 × 57'];
      let current = 0;
      await page.route('**/singleplayer/start', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ sessionId: `end-${name}`, questions, timerDuration: 60 }) }),
      );
      await page.route('**/singleplayer/timer**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ timeLeft: 50, over: false, score: 0, current }) }),
      );
      await page.route('**/singleplayer/answer', (route) => {
        current++;
        const over = current >= questions.length;
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ correct: true, score: 100 * current, current, over }) });
      });
      await page.getByRole('button', { name: 'Start Challenge' }).click();
      const question = page.locator('.solo-question');
      for (const [index, text] of questions.entries()) {
        await expect.poll(() => question.textContent()).toBe(text);
        expect(await brokenWords(question)).toEqual([]);
        await shot(page, `questions-solo-${index + 1}-${name}`);
        await page.getByPlaceholder('Type your answer').fill('1');
        await page.keyboard.press('Enter');
      }
      await page.getByRole('heading', { name: 'Challenge Complete!' }).waitFor({ timeout: 5_000 });
      await page.getByText('You solved every question: all 2!').waitFor();
      await shot(page, `questions-solo-end-${name}`);
      await context.close();
    }
  });
});
