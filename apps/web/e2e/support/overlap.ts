/**
 * Which parts of a screen an element (a toast, say) covers: their boxes as shown in the window,
 * compared with the element's.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * Names of the `parts` (name → selector of one element) whose box overlaps `cover`'s, waiting for
 * `cover` to show first.
 * @throws Error when `cover` or a part has no box (not shown).
 */
export async function coveredBy(page: Page, cover: Locator, parts: Record<string, string>): Promise<string[]> {
  await cover.waitFor();
  const box = await cover.boundingBox();
  if (!box) throw new Error('The covering element has no box');
  const covered: string[] = [];
  for (const [name, selector] of Object.entries(parts)) {
    const part = await page.locator(selector).boundingBox();
    if (!part) throw new Error(`No ${name} (${selector}) on the screen`);
    const overlaps = box.x < part.x + part.width && part.x < box.x + box.width && box.y < part.y + part.height && part.y < box.y + box.height;
    if (overlaps) covered.push(name);
  }
  return covered;
}
