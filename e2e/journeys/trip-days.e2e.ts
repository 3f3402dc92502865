/**
 * Finding a car for given days, on a phone and at a desk: /cars takes the pickup and return days and
 * gives each free car's total; a link with days the rules refuse shows every car with a note; the
 * payment step opened for days already taken says so at once, before any login.
 *
 * With E2E_SHOTS=<folder> the journeys also save what they show there, to be looked at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Page } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import { describe, DESKTOP, expect, PHONE, test } from '../support/fixtures';
import { expectPath, formatMoney, notSee, see, statusHue } from '../support/ui';

const today = companyToday();
const viewports = [
  ['a phone', PHONE],
  ['a desk', DESKTOP],
] as const;

/** The whole page in pieces one and a half screens high, so a tall phone page stays readable. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const { width, height } = page.viewportSize()!;
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const piece = Math.round(height * 1.5);
  for (let y = 0, n = 1; y < pageHeight; y += piece, n++) {
    const clip = { x: 0, y, width, height: Math.min(piece, pageHeight - y) };
    await page.screenshot({ path: path.join(folder, `${name}-${width}-${n}.png`), fullPage: true, clip });
  }
}

describe('a trip on /cars', () => {
  for (const [name, viewport] of viewports) {
    test(`on ${name}: the days chosen list the free cars with their totals; a link with refused days shows every car and says why`, async ({
      openPage,
      seed,
    }) => {
      const page = await openPage({ viewport, mobile: viewport === PHONE });
      const car = seed.cars.civic;
      const pickupDate = addDays(today, viewport === PHONE ? 33 : 36);
      const returnDate = addDays(pickupDate, 2);

      await page.goto('/cars');
      const form = page.getByRole('form', { name: 'Your rental days' });
      // The two days side by side, on a phone too, so the list starts a field higher.
      const [pickupBox, returnBox] = await Promise.all([form.getByLabel('Pickup date').boundingBox(), form.getByLabel('Return date').boundingBox()]);
      expect(returnBox!.y).toBe(pickupBox!.y);
      expect(returnBox!.x + returnBox!.width).toBeLessThanOrEqual(viewport.width);
      await form.getByLabel('Pickup date').fill(pickupDate);
      await form.getByLabel('Return date').fill(returnDate);
      await form.getByRole('button', { name: 'Show free cars' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe(`?pickupDate=${pickupDate}&returnDate=${returnDate}`);
      // Other journeys add cars: the seed's Civic may be on a later page of the free cars.
      await page.getByRole('searchbox').fill(car.model);
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(car.model);
      const card = page.getByRole('article').filter({ hasText: `${car.brand} ${car.model}` });
      // What booking it costs (seasons, GCT): the server's quote for the car alone.
      const { quote } = await typedApi(seed.baseUrl).call('quote', { body: { car: car._id, pickupDate, returnDate } });
      await see(card.getByText('2 days', { exact: true }));
      await see(card.getByText(formatMoney(quote.total), { exact: true }));
      await shot(page, 'cars-with-dates');

      // A link with days the rules refuse (past on the phone, the return before the pickup at the
      // desk): every car, and a calm note instead of "No cars are free" and a red error.
      const [from, to, reason] =
        viewport === PHONE
          ? [addDays(today, -4), addDays(today, -2), 'the pickup date cannot be in the past']
          : [addDays(today, 9), addDays(today, 5), 'the return date cannot be before the pickup date'];
      await page.goto(`/cars?pickupDate=${from}&returnDate=${to}`);
      const note = await see(page.getByRole('status').filter({ hasText: `The dates in the link could not be used (${reason}), so every car is shown.` }));
      expect(await statusHue(note)).toBe('amber');
      await see(page.getByText(/^Showing \d+ Cars$/));
      await page.getByRole('searchbox').fill(car.model);
      await see(page.getByRole('article').filter({ hasText: `${car.brand} ${car.model}` }));
      await notSee(page.getByText('No cars are free for these dates.'));
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.getByLabel('Pickup date').inputValue()).toBe('');
      await shot(page, 'cars-refused-dates-note');
    });
  }

  for (const [name, viewport] of viewports) {
    test(`on ${name}: the payment step for days already taken says so at once, before any login`, async ({ openPage, seed }) => {
      const page = await openPage({ viewport, mobile: viewport === PHONE });
      const api = apiClient(seed.baseUrl);
      // A car still for hire (other journeys put some away).
      const car = (await Promise.all(Object.values(seed.cars).map((c) => api.car(c._id)))).find((c) => c.isAvaliable)!;
      const pickupDate = addDays(today, viewport === PHONE ? 47 : 49);
      const someone = await api.register('Early Bird', `early.bird.${viewport.width}.${Date.now()}@example.com`, 'correct horse battery', '876 555 0121');
      await api.createBooking(someone, { car: car._id, pickupDate, returnDate: pickupDate, paymentMethod: 'upfront' });

      await page.goto(`/payment/${car._id}/${pickupDate}/${addDays(pickupDate, 1)}`);
      await see(page.getByRole('alert').filter({ hasText: 'Some of these days are already booked for this car.' }));
      await see(page.getByRole('link', { name: 'Choose other dates' }));
      expect(await page.getByRole('button', { name: 'Confirm Booking' }).isDisabled()).toBe(true);
      // Nothing is offered to pay for days that cannot be had.
      await notSee(page.getByText('Rental price', { exact: true }));
      await expectPath(page, /^\/payment\//);
      // The page fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, 'payment-days-taken');
    });
  }
});
