/**
 * A new player's audit of the weekly contest screens (phone 375×812 and 390×844, desktop 1280×800):
 * the home card, taking a contest by keyboard only, the summary, the confirmation, the results'
 * tabs before and after close, and analytics with a past contest's details. Besides the screenshots
 * (artifacts/screenshots/contest-audit-*), it pins what the audit fixed: where focus lands after
 * each move between the question view and the summary, so that a keyboard player is never dropped
 * at the top of the page.
 */
import { solveQuestionText } from '@mathsprint/shared/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';

const stamp = Date.now().toString(36);
const admin = { name: 'Otto Operator', email: `audit-ops-${stamp}@example.com`, password: 'schedule-it-now-1' };
const kim = { name: 'Kim Keyboard', email: `kim-${stamp}@example.com`, password: 'tab-tab-enter-1' };
const pia = { name: 'Pia Phone', email: `pia-${stamp}@example.com`, password: 'thumbs-only-22' };

/** A larger phone than support/browser's PHONE (375×812). */
const PHONE_LARGE = { width: 390, height: 844 } as const;
/** Seconds from scheduling to opening: enough for both players to register. */
const LEAD_SECONDS = 25;

const suite = useAppAndBrowser({ ADMIN_EMAILS: admin.email });

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${suite.app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`${path} → ${res.status} ${json.error ?? ''}`);
  return json;
}

/** Schedules a 1-minute, 20-question contest opening in LEAD_SECONDS (POST /admin/contests). */
async function scheduleContest(title: string): Promise<{ id: string; openMs: number; closeMs: number }> {
  const { token } = await api<{ token: string }>('/signup', admin);
  const openTime = new Date(Date.now() + LEAD_SECONDS * 1000).toISOString();
  const { contest } = await api<{ contest: { _id: string; openTime: string; closeTime: string } }>(
    '/admin/contests',
    { title, openTime, durationMinutes: 1, questionCount: 20 },
    token,
  );
  return { id: contest._id, openMs: Date.parse(contest.openTime), closeMs: Date.parse(contest.closeTime) };
}

async function contestFinalized(contestId: string): Promise<boolean> {
  const res = await fetch(`${suite.app.url}/contest/leaderboard?contestId=${encodeURIComponent(contestId)}&limit=1`);
  return res.ok && ((await res.json()) as { finalized?: boolean }).finalized === true;
}

/** The focused element, described: its id, or its tag and accessible text. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${text ? ` "${text}"` : ''}`;
  });
}

/** Visible controls smaller than 24×24 CSS px (WCAG 2.5.8), described, for the audit's log. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, [role="tab"], [tabindex="0"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.width < 24 || r.height < 24) out.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
}

/** Elements wider than the viewport (horizontal overflow), described. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const r = el.getBoundingClientRect();
      if (r.right > vw + 1 && getComputedStyle(el).position !== 'fixed') out.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

async function audit(page: Page, name: string): Promise<void> {
  await shot(page, `contest-audit-${name}`);
  const small = await smallTargets(page);
  const wide = await overflowing(page);
  if (small.length > 0 || wide.length > 0) console.log(`[audit ${name}] small: ${JSON.stringify(small)} overflow: ${JSON.stringify(wide)}`);
}

/** Types the right answer to the question shown and presses Enter, by keyboard only. */
async function answerByKeyboard(page: Page): Promise<void> {
  const text = (await page.locator('.ctake-question-text').textContent())?.trim() ?? '';
  const heading = (await page.locator('#ctake-question-heading').textContent()) ?? '';
  await page.keyboard.type(String(solveQuestionText(text)));
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await page.locator('#ctake-question-heading').count()) === 0 || (await page.locator('#ctake-question-heading').textContent()) !== heading, {
      timeout: 10_000,
    })
    .toBe(true);
}

describe('contest audit: a new player on phone and desktop', () => {
  it('takes a contest by keyboard, reads every results tab and the analytics', { timeout: 300_000 }, async () => {
    const ctxD = await newContext(suite.browser, suite.app.url, DESKTOP);
    const ctxP = await newContext(suite.browser, suite.app.url, PHONE);
    const desk = await ctxD.newPage();
    const phone = await ctxP.newPage();
    const pageErrors: string[] = [];
    for (const p of [desk, phone]) p.on('pageerror', (e) => pageErrors.push(e.message));
    await Promise.all([signUp(desk, kim), signUp(phone, pia)]);
    const contest = await scheduleContest(`Audit Cup ${stamp}`);
    await Promise.all([desk.reload(), phone.reload()]);

    for (const [page, name] of [
      [desk, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      const card = page.locator('.contest-card');
      await expect.poll(() => card.locator('.contest-status').textContent()).toMatch(/upcoming/i);
      await audit(page, `01-card-upcoming-${name}`);
      await card.getByRole('button', { name: 'Register' }).click();
      await card.getByText('✓ Registered').waitFor();
      await audit(page, `02-card-registered-${name}`);
    }
    await phone.setViewportSize(PHONE_LARGE);
    await audit(phone, '02-card-registered-phone390');
    await phone.setViewportSize(PHONE);

    for (const page of [desk, phone]) {
      const card = page.locator('.contest-card');
      await expect.poll(() => card.locator('.contest-status').textContent(), { timeout: (LEAD_SECONDS + 20) * 1000 }).toContain('Live Now!');
    }
    await audit(desk, '03-card-live-desktop');
    await audit(phone, '03-card-live-phone');

    // Kim joins by keyboard only.
    await desk.locator('.contest-card').getByRole('button', { name: 'Join' }).focus();
    await desk.keyboard.press('Enter');
    await desk.locator('.ctake-question-text').waitFor();
    await expect.poll(() => focused(desk)).toMatch(/^input#/);
    await audit(desk, '04-question-desktop');
    await desk.getByPlaceholder('Type your answer').focus();
    await answerByKeyboard(desk);
    await expect.poll(() => focused(desk)).toMatch(/^input#/);
    await answerByKeyboard(desk);

    // Pia joins by touch.
    await phone.locator('.contest-card').getByRole('button', { name: 'Join' }).click();
    await phone.locator('.ctake-question-text').waitFor();
    await audit(phone, '04-question-phone');
    await phone.setViewportSize(PHONE_LARGE);
    await audit(phone, '04-question-phone390');
    await phone.setViewportSize(PHONE);
    await phone.getByPlaceholder('Type your answer').fill('');
    await phone.getByRole('button', { name: 'Submit Answer' }).click();
    await phone.getByText('Please enter an answer').waitFor();
    await audit(phone, '05-empty-answer-phone');
    await phone.getByPlaceholder('Type your answer').fill(String(solveQuestionText((await phone.locator('.ctake-question-text').textContent()) ?? '')));
    await phone.getByRole('button', { name: 'Submit Answer' }).click();
    await expect.poll(() => phone.getByRole('button', { name: /^Question 1, answered$/ }).count()).toBeGreaterThan(0);

    // Kim goes to the summary with the side panel's Review & Submit, by keyboard.
    await desk.locator('.ctake-side-review').focus();
    await desk.keyboard.press('Enter');
    await desk.getByRole('heading', { name: 'Review & Submit', level: 2 }).waitFor();
    // The button that led here is gone with the question view: focus starts on the summary.
    await expect.poll(() => focused(desk)).toBe('h2#ctake-summary-heading "Review & Submit"');
    await audit(desk, '06-summary-desktop');
    // Review Questions goes back to question 1.
    await desk.getByRole('button', { name: 'Review Questions' }).focus();
    await desk.keyboard.press('Enter');
    await desk.locator('.ctake-question-text').waitFor();
    await expect.poll(() => focused(desk)).toMatch(/^input#/);
    await desk.locator('.ctake-side-review').focus();
    await desk.keyboard.press('Enter');
    await desk.getByRole('heading', { name: 'Review & Submit', level: 2 }).waitFor();
    await desk.getByRole('button', { name: 'Question 5, not answered' }).focus();
    await desk.keyboard.press('Enter');
    await desk.locator('.ctake-question-text').waitFor();
    await expect.poll(() => focused(desk)).toMatch(/^input#/);
    // Skip for Now down to the last question, whose 'Review & Submit' opens the summary: focus
    // follows there too.
    await desk.getByRole('button', { name: 'Question 20, not answered' }).click();
    await desk.locator('.ctake-nav-skip').focus();
    await desk.keyboard.press('Enter');
    await desk.getByRole('heading', { name: 'Review & Submit', level: 2 }).waitFor();
    await expect.poll(() => focused(desk)).toBe('h2#ctake-summary-heading "Review & Submit"');
    await desk.getByRole('button', { name: 'Execute Submit' }).focus();
    await desk.keyboard.press('Enter');
    const confirm = desk.getByRole('dialog', { name: 'Submit your contest?' });
    await confirm.waitFor();
    await audit(desk, '07-confirm-desktop');
    await confirm.getByRole('button', { name: 'Submit', exact: true }).focus();
    await desk.keyboard.press('Enter');
    await desk.waitForURL(`**/contest/${contest.id}/results`);
    await desk.getByText('Submitted', { exact: true }).first().waitFor();
    // 'Computing Results...' stood in for the page a moment: focus reaches the results' heading,
    // not the document once that loading heading is replaced.
    await expect.poll(() => focused(desk)).toBe(`h1#cresults-title "Audit Cup ${stamp}"`);
    await audit(desk, '08-results-pending-desktop');

    // Pia: the summary on a phone, then submits.
    await phone.getByRole('button', { name: 'Review & Submit' }).first().click();
    await phone.getByRole('heading', { name: 'Review & Submit', level: 2 }).waitFor();
    await audit(phone, '06-summary-phone');
    await phone.getByRole('button', { name: 'Execute Submit' }).click();
    await phone.getByRole('dialog', { name: 'Submit your contest?' }).waitFor();
    await audit(phone, '07-confirm-phone');
    await phone.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await phone.waitForURL(`**/contest/${contest.id}/results`);
    await phone.getByText('Submitted', { exact: true }).first().waitFor();
    await audit(phone, '08-results-pending-phone');
    for (const tab of ['Leaderboard', 'Answers']) {
      await phone.getByRole('tab', { name: new RegExp(tab) }).click();
      await audit(phone, `08-results-pending-${tab.toLowerCase()}-phone`);
    }

    // After close and finalization.
    await expect
      .poll(() => contestFinalized(contest.id), { timeout: Math.max(0, contest.closeMs - Date.now()) + 60_000, interval: 1000 })
      .toBe(true);
    for (const [page, name] of [
      [desk, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      await page.reload();
      await expect.poll(() => page.locator('.cresults-stat-value').nth(2).textContent(), { timeout: 30_000 }).toMatch(/^#\d/);
      await audit(page, `09-results-final-summary-${name}`);
      for (const tab of ['Leaderboard', 'Answers']) {
        await page.getByRole('tab', { name: new RegExp(tab) }).click();
        await audit(page, `09-results-final-${tab.toLowerCase()}-${name}`);
      }
    }

    for (const [page, name] of [
      [desk, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      await page.goto('/');
      await page.locator('.contest-card').getByText('Contest ended').waitFor();
      await audit(page, `10-card-completed-${name}`);
      await page.getByRole('button', { name: 'My Analytics' }).click();
      const panel = page.locator('.analytics-panel');
      await expect.poll(() => panel.locator('canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await audit(page, `11-analytics-overview-${name}`);
      await panel.getByRole('tab', { name: 'History' }).click();
      const entry = panel.getByRole('list', { name: 'Past contests' }).getByRole('button').first();
      // Each figure says what it is: "1/20" correct beside "100%" accuracy read as a contradiction.
      expect((await entry.textContent()) ?? '').toMatch(/\d+\/20 correct · \d+% accuracy · Rank #\d+ · \d+:\d\d/);
      // …and the longer row wraps inside its card on a phone rather than running out of it.
      const outside = await entry.evaluate((button) => {
        const edge = button.getBoundingClientRect().right;
        return [...button.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge + 1).map((el) => `${el.className} ${el.textContent}`);
      });
      expect(outside).toEqual([]);
      await audit(page, `12-analytics-history-${name}`);
      await entry.click();
      await expect.poll(() => panel.locator('.review-item').count(), { timeout: 20_000 }).toBe(20);
      // The entry that opened the details is gone: focus is on their Back button, and Back puts
      // it on the Overview tab it returns to.
      expect(await focused(page)).toBe('button "← Back to overview"');
      await audit(page, `13-analytics-details-${name}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('button#analytics-tab-overview "Overview"');
    }

    expect(pageErrors).toEqual([]);
    await ctxD.close();
    await ctxP.close();
  });
});
