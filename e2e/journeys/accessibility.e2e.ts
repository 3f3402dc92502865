/** axe-core on every page (and with the dialogs and menus open): no serious or critical violations. */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { describeViolations, seriousViolations } from '../support/axe';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { everyPage, tokenFor } from '../support/pages';
import { addDays } from '@rental/contract/rentalDates';
import { chooseDatesOnCalendar, openLoginDialog, see } from '../support/ui';

async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations.length, `axe on ${page.url()}:\n${describeViolations(violations)}`).toBe(0);
}

describe('accessibility', () => {
  for (const site of everyPage(inject('seed'))) {
    test(`${site.name} (${site.path})`, async ({ openPage, seed }) => {
      const page = await openPage({ token: tokenFor(seed, site.session), bypassCSP: true });
      await page.goto(site.path);
      await site.ready(page);
      await expectAccessible(page);
    });
  }

  test('home with the login dialog open, in both modes', async ({ openPage }) => {
    const page = await openPage({ bypassCSP: true });
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: /sign up/i }).click();
    await see(dialog.getByLabel('Name'));
    await expectAccessible(page);
  });

  test('the phone menu open', async ({ openPage }) => {
    const page = await openPage({ viewport: PHONE, mobile: true, bypassCSP: true });
    await page.goto('/');
    await page.getByRole('button', { name: /menu/i }).click();
    await see(page.getByRole('link', { name: 'Vehicles', exact: true }).filter({ visible: true }));
    await expectAccessible(page);
  });

  test('the payment step with cash deposit chosen, and the form errors shown', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.customer.token, bypassCSP: true });
    const site = everyPage(seed).find((p) => p.name === 'payment')!;
    await page.goto(site.path);
    await site.ready(page);
    await page.getByText('Cash deposit', { exact: true }).click();
    await see(
      page
        .getByText(seed.bankDetails.accountHolderName)
        .or(page.getByText(/account holder/i))
        .first(),
    );
    await expectAccessible(page);

    await page.goto('/');
    await page.getByRole('button', { name: 'Book now' }).click();
    await see(page.getByText(/choose a car type/i));
    await expectAccessible(page);
  });

  test('the car page with days chosen on the calendar, on a phone', async ({ openPage, seed }) => {
    const page = await openPage({ viewport: PHONE, mobile: true, bypassCSP: true });
    const car = seed.cars[seed.reservation.carKey];
    await page.goto(`/car-details/${car._id}`);
    await chooseDatesOnCalendar(page, addDays(seed.reservation.pickupDate, -3), addDays(seed.reservation.pickupDate, -2));
    await see(page.getByText(/1 day of rental/));
    await expectAccessible(page);
  });
});
