/**
 * Accessibility check of a screen with axe-core (Deque's rules engine, run in the page through
 * @axe-core/playwright): WCAG 2.0 and 2.1, levels A and AA. A screen fails on any violation axe
 * rates serious or critical (text contrast below 4.5:1, a control without a name, a name that
 * does not contain the control's visible text…); moderate and minor findings are not gated.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Impacts that fail a screen. */
const GATED = new Set(['serious', 'critical']);
/** Longest wait for running animations to end before the check (ms). */
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * Waits until the page's finite animations have ended (a toast fading in, say), at most
 * SETTLE_TIMEOUT_MS: axe measures contrast with the opacity of the moment, and a half-faded toast is
 * not what a reader sees. Endless ones (spinners, the low-time pulse) and toasts' progress bars
 * are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async (timeoutMs) => {
    const finite = document.getAnimations().filter((a) => {
      const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
      // A toast's progress bar is its close timer, not a transition: it runs for the toast's life.
      if (target?.classList.contains('Toastify__progress-bar')) return false;
      return a.effect?.getComputedTiming().endTime !== Infinity;
    });
    const ended = Promise.allSettled(finite.map((a) => a.finished));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  }, SETTLE_TIMEOUT_MS);
}

/**
 * Runs axe on the page as it is now and throws when it finds a serious or critical violation.
 * @param screen - a name for the message, e.g. the screenshot's name.
 * @throws Error listing each failing rule, its help text and up to three of the elements.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const failing = violations.filter((v) => v.impact && GATED.has(v.impact));
  if (failing.length === 0) return;
  const lines = failing.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`);
    return `  ${v.id} (${v.impact}, ${v.nodes.length} elements): ${v.help}\n${nodes.join('\n')}`;
  });
  throw new Error(`Accessibility violations on ${screen}:\n${lines.join('\n')}`);
}
