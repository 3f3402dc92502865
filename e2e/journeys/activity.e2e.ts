/**
 * Staff read the history (/owner/activity): a price changed in the car form and a booking
 * confirmed in Manage Bookings both appear, in words, with who did it; on a phone too. The
 * dashboard draws its revenue chart.
 */
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { beforeAll, inject } from 'vitest';
import { apiClient } from '../support/api';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import { see, seeToast } from '../support/ui';

const today = companyToday();

describe('the history', () => {
  // A car and a booking of this journey's own, so no other journey's changes are needed.
  let carId: string;
  let carName: string;
  let reference: string;

  beforeAll(async () => {
    const seed = inject('seed');
    const api = apiClient(seed.baseUrl);
    const car = await api.addCar(
      seed.owner.token,
      {
        brand: 'Suzuki',
        model: `Swift ${seed.runId.slice(0, 4)}`,
        year: 2022,
        pricePerDay: 8500,
        category: 'Hatchback',
        transmission: 'Manual',
        fuel_type: 'Petrol',
        seating_capacity: 5,
        location: 'Waterford, Portmore',
        description: 'Small, thrifty, easy to park.',
      },
      pngFile('swift.png', [200, 60, 60]),
    );
    carId = car._id;
    carName = `${car.brand} ${car.model}`;
    const token = await api.register('Delroy History', `history.${seed.runId}@example.com`, 'a good long password', '876 555 0166');
    reference = (await api.createBooking(token, { car: carId, pickupDate: addDays(today, 80), returnDate: addDays(today, 82), paymentMethod: 'upfront' }))
      .reference;
  });

  test('a price changed and a booking confirmed show in History, with who did it', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.owner.token });
    await page.goto(`/owner/add-car/${carId}`);
    const form = page.getByRole('main');
    await expect.poll(() => form.getByLabel(/brand/i).first().inputValue()).toBe('Suzuki');
    await form.getByLabel(/price/i).first().fill('9000');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await seeToast(page, MESSAGES.carUpdated);

    await page.goto('/owner/manage-bookings');
    const status = page
      .getByRole('row')
      .filter({ hasText: reference })
      .getByRole('combobox', { name: /^Status of/ });
    await see(status);
    await status.selectOption('confirmed');
    // Confirming e-mails the customer: staff are asked first.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm and e-mail the customer' }).click();
    await seeToast(page, MESSAGES.statusUpdated);

    await page.getByRole('link', { name: 'History', exact: true }).click();
    await see(page.getByRole('heading', { name: 'History', level: 1 }));
    const entries = page.getByRole('list', { name: 'Changes, newest first' });
    const confirmed = entries.getByRole('listitem').filter({ hasText: `${seed.owner.name} confirmed ${reference}` });
    await see(confirmed);
    const priced = entries.getByRole('listitem').filter({ hasText: `${seed.owner.name} changed ${carName}` });
    await see(priced);
    await see(priced.getByText('Price per day 8,500 → 9,000'));

    // Only cars: the booking's entry goes, the car's stays.
    await page.getByLabel('Show').selectOption({ label: 'Cars' });
    await see(priced);
    expect(await entries.getByText(`confirmed ${reference}`).count()).toBe(0);
  });

  test('on a phone the entries fit the screen', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.owner.token, viewport: PHONE, mobile: true });
    await page.goto('/owner/activity');
    await see(page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem').first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('the dashboard draws the revenue of the last 12 months', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner');
    const chart = page.getByRole('region', { name: 'Revenue by month' });
    await see(chart);
    // The chart's own drawing once its lazy chunk has loaded, its month axis, and the same figures as a table for screen readers.
    await see(chart.locator('svg.recharts-surface').first(), 20_000);
    await expect.poll(() => chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBeGreaterThan(3);
    expect(await chart.getByRole('table', { name: 'Revenue by month, the last 12 months' }).getByRole('row').count()).toBe(12);
    await see(page.getByTestId('occupancy'));
  });
});
