/** Every page on a 390 x 844 phone: nothing wider than the screen, and the menu works. */
import { describe, expect, PHONE, test } from '../support/fixtures';
import { everyPage, tokenFor } from '../support/pages';
import { inject } from 'vitest';
import { expectPath, see } from '../support/ui';
import type { Locator } from 'playwright-core';

const OWNER_LINKS = [
  'Dashboard',
  'Add car',
  'Manage Cars',
  'Manage Bookings',
  'Driver checks',
  'Timeline',
  'Bank Details',
  'Company Settings',
  'Outbox',
  'History',
];

async function insideScreen(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'the menu entry has a place on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width + 0.5);
}

describe('at 390 x 844', () => {
  for (const site of everyPage(inject('seed'))) {
    test(`${site.name} (${site.path}) fits the screen and its menu works`, async ({ openPage, seed }) => {
      const page = await openPage({ viewport: PHONE, mobile: true, token: tokenFor(seed, site.session) });
      await page.goto(site.path);
      await site.ready(page);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      if (widths.scroll > PHONE.width) {
        const culprits = await page.evaluate((limit) => {
          return [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > limit + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
        }, PHONE.width);
        expect.fail(`page is ${widths.scroll}px wide on a ${PHONE.width}px screen; wider elements: ${culprits.join('; ')}`);
      }

      if (site.area === 'public') {
        const header = page.getByRole('banner');
        const toggle = header.getByRole('button', { name: /menu/i });
        await toggle.click();
        // A tap made before the page's code has arrived is held and given again then (decision 076).
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
        for (const name of ['Home', 'Vehicles', 'About Us', 'My Bookings']) {
          await insideScreen(await see(header.getByRole('link', { name, exact: true }).filter({ visible: true })));
        }
        await insideScreen(
          await see(header.getByRole('button', { name: site.session === 'visitor' ? 'Login' : 'Logout', exact: true }).filter({ visible: true })),
        );
        const target = site.path === '/about-us' ? ['Vehicles', '/cars'] : ['About Us', '/about-us'];
        await header.getByRole('link', { name: target[0], exact: true }).filter({ visible: true }).click();
        await expectPath(page, target[1]!);
      } else {
        // The owner's side menu: reachable directly or behind a menu button.
        const firstLink = page.getByRole('link', { name: 'Manage Cars', exact: true }).filter({ visible: true });
        if ((await firstLink.count()) === 0) await page.getByRole('button', { name: /menu/i }).click();
        for (const name of OWNER_LINKS) {
          await insideScreen(await see(page.getByRole('link', { name, exact: true }).filter({ visible: true })));
        }
        const target = site.path === '/owner/manage-cars' ? ['Bank Details', '/owner/bank-details'] : ['Manage Cars', '/owner/manage-cars'];
        await page.getByRole('link', { name: target[0], exact: true }).filter({ visible: true }).click();
        await expectPath(page, target[1]!);
      }
    });
  }
});
