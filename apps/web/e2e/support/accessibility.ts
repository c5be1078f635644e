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

/**
 * Runs axe on the page as it is now and throws when it finds a serious or critical violation.
 * @param screen - a name for the message, e.g. the screenshot's name.
 * @throws Error listing each failing rule, its help text and up to three of the elements.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const failing = violations.filter((v) => v.impact && GATED.has(v.impact));
  if (failing.length === 0) return;
  const lines = failing.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`);
    return `  ${v.id} (${v.impact}, ${v.nodes.length} elements): ${v.help}\n${nodes.join('\n')}`;
  });
  throw new Error(`Accessibility violations on ${screen}:\n${lines.join('\n')}`);
}
