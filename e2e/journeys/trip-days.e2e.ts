/**
 * Finding a car for given days, on a phone and at a desk: /cars takes the pickup and return days and
 * gives each free car's total; a link with days the rules refuse shows every car with a note; the
 * payment step opened for days already taken says so at once, before any login.
 */
import { addDays, companyToday, rentalPrice } from '@rental/contract/rentalDates';
import { apiClient } from '../support/api';
import { describe, DESKTOP, expect, PHONE, test } from '../support/fixtures';
import { expectPath, formatMoney, see } from '../support/ui';

const today = companyToday();

describe('a trip on /cars', () => {
  for (const [name, viewport] of [
    ['a phone', PHONE],
    ['a desk', DESKTOP],
  ] as const) {
    test(`on ${name}: the days chosen list the free cars with their totals; a link with past days shows every car and says why`, async ({ openPage, seed }) => {
      const page = await openPage({ viewport, mobile: viewport === PHONE });
      const car = seed.cars.civic;
      const pickupDate = addDays(today, viewport === PHONE ? 33 : 36);
      const returnDate = addDays(pickupDate, 2);

      await page.goto('/cars');
      const form = page.getByRole('form', { name: 'Your rental days' });
      await form.getByLabel('Pickup date').fill(pickupDate);
      await form.getByLabel('Return date').fill(returnDate);
      await form.getByRole('button', { name: 'Show free cars' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe(`?pickupDate=${pickupDate}&returnDate=${returnDate}`);
      const card = page.getByRole('article').filter({ hasText: `${car.brand} ${car.model}` });
      await see(card.getByText('Total for 2 days'));
      await see(card.getByText(formatMoney(rentalPrice(car.pricePerDay, pickupDate, returnDate).total), { exact: true }));

      // A link with days in the past: every car, and a note instead of "No cars are free".
      await page.goto(`/cars?pickupDate=${addDays(today, -4)}&returnDate=${addDays(today, -2)}`);
      await see(page.getByText('The dates in the link could not be used (the pickup date cannot be in the past), so every car is shown.', { exact: false }));
      await see(page.getByRole('article').filter({ hasText: `${car.brand} ${car.model}` }));
      await see(page.getByText(/^Showing \d+ Cars$/));
    });
  }

  test('the payment step for days already taken says so at once, before any login', async ({ openPage, seed }) => {
    const page = await openPage({ viewport: PHONE, mobile: true });
    const api = apiClient(seed.baseUrl);
    // A car still for hire (other journeys put some away).
    const car = (await Promise.all(Object.values(seed.cars).map((c) => api.car(c._id)))).find((c) => c.isAvaliable)!;
    const pickupDate = addDays(today, 47);
    const someone = await api.register('Early Bird', `early.bird.${Date.now()}@example.com`, 'correct horse battery');
    await api.createBooking(someone, { car: car._id, pickupDate, returnDate: pickupDate, paymentMethod: 'upfront' });

    await page.goto(`/payment/${car._id}/${pickupDate}/${addDays(pickupDate, 1)}`);
    await see(page.getByRole('alert').filter({ hasText: 'Some of these days are already booked for this car.' }));
    await see(page.getByRole('link', { name: 'Choose other dates' }));
    expect(await page.getByRole('button', { name: 'Confirm Booking' }).isDisabled()).toBe(true);
    await expectPath(page, /^\/payment\//);
  });
});
