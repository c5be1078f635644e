/**
 * The accessibility gate every screenshot passes through (support/accessibility.ts), on pages
 * written here rather than the app's: it must fail a page with a serious violation, name the rule,
 * and let a region of ONCE_PER_STATE off only when that exact state has passed before. A toast
 * caught half-faded gets a second look once its animation has run; a faint toast still fails. The
 * decorative floating symbols may be faint (WCAG 1.4.3 exempts pure decoration); text may not.
 * No app process: the pages are set with page.setContent in Debian's Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { launchBrowser, PHONE } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page of `body`, styled by `css`. */
function html(body: string, css = ''): string {
  return `<!doctype html><html lang="en"><head><title>Gate</title><style>${css}</style></head><body><main>${body}</main></body></html>`;
}

async function pageWith(body: string, css = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.setContent(html(body, css));
  return page;
}

/** The streak calendar's region (a selector of ONCE_PER_STATE) holding `days`. */
function calendar(days: string, id = '_r_b_'): string {
  return `<section class="daily-area-calendar" aria-labelledby="${id}"><h2 id="${id}">Streak calendar</h2>${days}</section>`;
}
/** Styles outside the calendar's markup: its days' text at 21:1, then at 2.3:1. */
const DARK = '.daily-area-calendar p { color: #000; background: #fff }';
const FAINT = '.daily-area-calendar p { color: #aaa; background: #fff }';

describe('the accessibility gate', () => {
  it('passes a page with no serious violation', async () => {
    const page = await pageWith('<h1>Fine</h1><button type="button">Start</button>');
    await expect(expectAccessible(page, 'gate-fine')).resolves.toBeUndefined();
  });

  it('fails text below 4.5:1 and a button without a name, naming each rule', async () => {
    const page = await pageWith('<h1>Broken</h1><p>Faint text</p><button type="button"></button>', 'p { color: #aaa; background: #fff }');
    const failure = expectAccessible(page, 'gate-broken');
    await expect(failure).rejects.toThrow(/Accessibility violations on gate-broken/);
    await expect(failure).rejects.toThrow(/color-contrast \(serious/);
    await expect(failure).rejects.toThrow(/button-name \(critical/);
  });

  it('checks a toast caught mid-animation again once it has run, and still fails a faint one', async () => {
    // The toast holds 0.3 opacity (2.9:1) for 4 s, past the gate's 2 s wait for animations, then
    // shows whole: the first check fails it, the second passes the page.
    const toast = (text: string) => `<section class="Toastify" aria-label="Notifications"><div class="Toastify__toast" role="alert">${text}</div></section>`;
    const fading = await pageWith(
      `<h1>Answered</h1>${toast('Correct!')}`,
      '.Toastify__toast { color: #000; background: #fff; animation: show 4s steps(1, end) } @keyframes show { from { opacity: 0.3 } to { opacity: 1 } }',
    );
    await expect(expectAccessible(fading, 'gate-toast-fading')).resolves.toBeUndefined();
    const faint = await pageWith(`<h1>Answered</h1>${toast('Correct!')}`, '.Toastify__toast { color: #aaa; background: #fff }');
    await expect(expectAccessible(faint, 'gate-toast-faint')).rejects.toThrow(/color-contrast/);
  });

  it('lets the decorative floating symbols be faint, and nothing else', async () => {
    // The symbols' markup (components/ui/floating-symbols.tsx) at 1.2:1 on a plain background:
    // pure decoration, which WCAG 1.4.3 exempts. The same faint glyph as the page's text fails.
    const css = '.floating-symbol, .faint { color: #e7e6fc; background: #fff; font-size: 27px }';
    const symbols = '<div class="floating-symbols" aria-hidden="true"><span class="floating-symbol">x²</span></div>';
    const decorated = await pageWith(`<h1>Not found</h1>${symbols}`, css);
    await expect(expectAccessible(decorated, 'gate-symbols')).resolves.toBeUndefined();
    const faint = await pageWith(`<h1>Not found</h1>${symbols}<p class="faint">x²</p>`, css);
    await expect(expectAccessible(faint, 'gate-symbols-and-text')).rejects.toThrow(/color-contrast \(serious, 1 elements\)/);
  });

  it('leaves out a calendar state that passed, useId ids aside, and checks a changed one', async () => {
    const page = await pageWith(calendar('<p>Day 1</p>'), DARK);
    await expectAccessible(page, 'gate-calendar-first');
    // The same markup with its ids renumbered (the hub opened again): left out, so the faint
    // text the page's styles now give it goes unchecked, while the rest of the page is checked.
    await page.setContent(html(calendar('<p>Day 1</p>', '_r_2_'), FAINT));
    await expect(expectAccessible(page, 'gate-calendar-again')).resolves.toBeUndefined();
    await page.setContent(html(`${calendar('<p>Day 1</p>', '_r_2_')}<button type="button"></button>`, FAINT));
    await expect(expectAccessible(page, 'gate-calendar-outside')).rejects.toThrow(/button-name/);
    // A calendar whose markup changed (a day more) is checked again, and its faint text fails.
    await page.setContent(html(calendar('<p>Day 1</p><p>Day 2</p>', '_r_2_'), FAINT));
    await expect(expectAccessible(page, 'gate-calendar-changed')).rejects.toThrow(/color-contrast/);
  });
});
