/**
 * Accessibility check of a screen with axe-core (Deque's rules engine, run in the page through
 * @axe-core/playwright): WCAG 2.0 and 2.1, levels A and AA. A screen fails on any violation axe
 * rates serious or critical (text contrast below 4.5:1, a control without a name, a name that
 * does not contain the control's visible text…); moderate and minor findings are not gated, nor
 * is the contrast of the decorative floating symbols (WCAG 1.4.3 exempts pure decoration).
 */
import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** One rule's findings in axe's results. */
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
/** Impacts that fail a screen. */
const GATED = new Set(['serious', 'critical']);
/**
 * Large regions that look the same in many screenshots, checked once for each state: when the
 * region's markup at this viewport width has already passed axe in this test file, later checks
 * leave it out. The daily hub's streak calendar is 365 day buttons, most of the time of every
 * check of the hub. The ids React's useId gives
 * (`_r_b_`) count as one: they change each time the hub is opened again, the markup's meaning does not.
 */
const ONCE_PER_STATE = ['.daily-area-calendar'];
/** `selector@width#sha1(outerHTML)` of each region state that has passed. */
const passedStates = new Set<string>();
/** An id made by React's useId: `_r_b_` (React 19.1 on), `«r1»` (19.0), `:r1:` (18). */
const REACT_ID = /_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/g;

/** Keys of the regions of ONCE_PER_STATE on the page now, by selector (empty when absent). */
async function regionStates(page: Page): Promise<Map<string, string[]>> {
  const width = page.viewportSize()?.width ?? 0;
  const states = new Map<string, string[]>();
  for (const selector of ONCE_PER_STATE) {
    const html = await page.locator(selector).evaluateAll((els) => els.map((el) => el.outerHTML));
    states.set(
      selector,
      html.map((markup) => `${selector}@${width}#${createHash('sha1').update(markup.replace(REACT_ID, '_r_')).digest('hex')}`),
    );
  }
  return states;
}

/**
 * Pure decoration, which WCAG 1.4.3 exempts from the contrast minimum ("text that is … pure
 * decoration"): the floating maths symbols (components/ui/floating-symbols.tsx, aria-hidden, drawn
 * at 12–28 % opacity on purpose). axe measures them where their background is plain (the 404
 * card) and cannot where it is not (a gradient), so their contrast findings are dropped; every
 * other rule still covers them.
 */
const DECORATION = '.floating-symbols';

/**
 * For each of `nodes` (axe's findings), whether its element is inside an element matching
 * `container`: true or false, or null when the element has left the page.
 */
async function insideOf(page: Page, nodes: Result['nodes'], container: string): Promise<(boolean | null)[]> {
  const selectors = nodes.map((n) => String(n.target.at(-1)));
  return page.evaluate(
    ([all, within]) =>
      all.map((selector) => {
        const element = document.querySelector(selector);
        return element ? element.closest(within) !== null : null;
      }),
    [selectors, container] as const,
  );
}

/** `failing` without its contrast findings on DECORATION (a rule left with none is dropped). */
async function withoutDecoration(page: Page, failing: Result[]): Promise<Result[]> {
  const kept: Result[] = [];
  for (const v of failing) {
    if (v.id !== 'color-contrast') {
      kept.push(v);
      continue;
    }
    const decorative = await insideOf(page, v.nodes, DECORATION);
    const nodes = v.nodes.filter((_, i) => decorative[i] !== true);
    if (nodes.length > 0) kept.push({ ...v, nodes });
  }
  return kept;
}

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
 * Whether every element of `failing` is a toast (react-toastify's `.Toastify`) or has left the
 * page: a toast that began to fade in or out during the check, measured at the opacity of that
 * moment.
 */
async function onlyToasts(page: Page, failing: Result[]): Promise<boolean> {
  return (await insideOf(page, failing.flatMap((v) => v.nodes), '.Toastify')).every((inside) => inside !== false);
}

/**
 * Runs axe on the page as it is now and throws when it finds a serious or critical violation. A
 * region of ONCE_PER_STATE whose exact markup at this width has passed before is left out.
 * @param screen - a name for the message, e.g. the screenshot's name.
 * @throws Error listing each failing rule, its help text and up to three of the elements.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settleAnimations(page);
  const states = await regionStates(page);
  // Legacy mode: axe.run in the page, as one call. The default injects axe-core twice, then opens
  // a blank page for axe.finishRun, which made each check much slower.
  // Its one loss is cross-origin iframes, and the app has no iframes.
  const check = async () => {
    const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
    for (const [selector, keys] of states) {
      if (keys.length > 0 && keys.every((key) => passedStates.has(key))) axe.exclude(selector);
    }
    const { violations } = await axe.analyze();
    return withoutDecoration(page, violations.filter((v) => v.impact && GATED.has(v.impact)));
  };
  let failing = await check();
  if (failing.length > 0 && (await onlyToasts(page, failing))) {
    // A toast's own timer may start its fade-out during the check (its contrast falls below
    // the threshold mid-fade): once that has run, the screen is checked again, whole.
    await settleAnimations(page);
    failing = await check();
  }
  if (failing.length === 0) {
    for (const keys of states.values()) for (const key of keys) passedStates.add(key);
    return;
  }
  const lines = failing.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`);
    return `  ${v.id} (${v.impact}, ${v.nodes.length} elements): ${v.help}\n${nodes.join('\n')}`;
  });
  throw new Error(`Accessibility violations on ${screen}:\n${lines.join('\n')}`);
}
