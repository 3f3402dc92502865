/** Screens a journey saves to be looked at, and the check that a page fits a phone's width. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A journey's `shot(page, name)`: the whole page saved in `folder`, numbered in the order of the
 * journey and named by its step and the screen's width (e.g. 03-staff-page-390.png).
 */
export function screenshots(folder: string): (page: Page, name: string) => Promise<void> {
  let shotNumber = 0;
  return async (page, name) => {
    mkdirSync(folder, { recursive: true });
    shotNumber += 1;
    const file = path.join(folder, `${String(shotNumber).padStart(2, '0')}-${name}-${page.viewportSize()!.width}.png`);
    // From the top, or the sticky navigation bar is drawn where the page was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: file, fullPage: true });
  };
}

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
export async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
}
