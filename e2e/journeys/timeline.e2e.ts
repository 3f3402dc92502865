/**
 * Staff on the fleet timeline (/owner/timeline): bars of bookings with their references on a
 * desktop, the same as a list by day on a 390 px phone, blocking a car for service and removing
 * the block again.
 */
import { BLOCK_MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { formatDay as formatCalendarDate } from '@rental/contract/format';
import { apiClient } from '../support/api';
import { describeViolations, seriousViolations } from '../support/axe';
import { beforeAll, inject } from 'vitest';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import { notSee, see, seeToast } from '../support/ui';

const today = companyToday();
const CUSTOMER = 'Shanice Timeline';

describe('the fleet timeline', () => {
  // A car and a customer of this journey's own, so its blocks never touch another journey's days.
  let carId: string;
  let carName: string;
  let reference: string;

  beforeAll(async () => {
    const seed = inject('seed');
    const api = apiClient(seed.baseUrl);
    const car = await api.addCar(
      seed.owner.token,
      {
        brand: 'Toyota',
        model: `Voxy ${seed.runId.slice(0, 4)}`,
        year: 2021,
        pricePerDay: 9000,
        category: 'Minivan',
        transmission: 'Automatic',
        fuel_type: 'Hybrid',
        seating_capacity: 7,
        location: 'Waterford, Portmore',
        description: 'Seven seats, sliding doors.',
      },
      pngFile('voxy.png', [60, 120, 200]),
    );
    carId = car._id;
    carName = `${car.brand} ${car.model}`;
    const token = await api.register(CUSTOMER, `timeline.${seed.runId}@example.com`, 'a good long password', '876 555 0177');
    const booking = await api.createBooking(token, { car: carId, pickupDate: addDays(today, 2), returnDate: addDays(today, 4), paymentMethod: 'upfront' });
    await api.changeStatus(seed.owner.token, booking._id, 'confirmed');
    reference = booking.reference;
  });

  test('on a desktop: a bar per booking with its reference, the customer on hover and in the details', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.owner.token, bypassCSP: true });
    await page.goto('/owner');
    await page.getByRole('link', { name: 'Timeline', exact: true }).click();
    await see(page.getByRole('heading', { name: 'Timeline', level: 1 }));
    await see(page.getByRole('region', { name: 'Pickups today' }));
    await see(page.getByRole('region', { name: 'Returns today' }));

    const bar = page.getByRole('button', { name: new RegExp(`^Confirmed booking ${reference}, ${CUSTOMER}, ${carName}`) });
    await see(bar);
    expect(await bar.textContent()).toContain(reference);
    expect(await bar.getAttribute('title')).toContain(CUSTOMER);
    // The timeline scrolls sideways inside its box: the page itself stays as wide as the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await bar.click();
    const details = page.getByRole('dialog', { name: `Confirmed booking ${reference}` });
    await see(details);
    await see(details.getByText(CUSTOMER));
    await see(details.getByRole('link', { name: '876 555 0177' }));
    // Nothing on the page, its details panel open, blocks people using a screen reader or the keyboard.
    const violations = await seriousViolations(page);
    expect(violations.length, describeViolations(violations)).toBe(0);
    await page.keyboard.press('Escape');
    await notSee(details);
    // Back on the bar that opened it.
    expect(await bar.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('staff block the car for two days, see the block, and remove it', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner/timeline');
    await see(page.getByRole('button', { name: new RegExp(`^Confirmed booking ${reference}`) }));

    await page.getByRole('button', { name: 'Block a car' }).click();
    const form = page.getByRole('form', { name: 'Block a car' });
    await form.getByLabel('Car').selectOption({ label: carName });
    // On the booking's last day first: refused, in words.
    await form.getByLabel('First day').fill(addDays(today, 4));
    await form.getByLabel('Last day').fill(addDays(today, 5));
    await form.getByLabel('Note').fill('Air conditioning repair');
    await form.getByRole('button', { name: 'Block these days' }).click();
    await see(form.getByRole('alert').filter({ hasText: BLOCK_MESSAGES.blockDaysTaken }));

    await form.getByLabel('First day').fill(addDays(today, 5));
    await form.getByLabel('Last day').fill(addDays(today, 6));
    await form.getByRole('button', { name: 'Block these days' }).click();
    await seeToast(page, BLOCK_MESSAGES.blockAdded);
    const blockBar = page.getByRole('button', {
      name: `Service block, Air conditioning repair, ${carName}, ${formatCalendarDate(addDays(today, 5))} to ${formatCalendarDate(addDays(today, 6))}`,
    });
    await see(blockBar);
    // Customers now see those days as taken, without the note.
    const car = await api.car(carId);
    expect(car.reservedDates).toContainEqual({ pickupDate: addDays(today, 5), returnDate: addDays(today, 6) });
    expect(JSON.stringify(car)).not.toContain('Air conditioning');

    await blockBar.click();
    const details = page.getByRole('dialog', { name: 'Service block' });
    await see(details.getByText('Air conditioning repair'));
    await details.getByRole('button', { name: 'Remove block' }).click();
    await seeToast(page, BLOCK_MESSAGES.blockRemoved);
    await notSee(blockBar);
    expect((await api.car(carId)).reservedDates).not.toContainEqual({ pickupDate: addDays(today, 5), returnDate: addDays(today, 6) });
  });

  test('on a 390 px phone: the same as a list by day, nothing wider than the screen', async ({ openPage, seed }) => {
    const page = await openPage({ viewport: PHONE, mobile: true, token: seed.owner.token, bypassCSP: true });
    await page.goto('/owner/timeline');
    const list = page.getByRole('list', { name: 'Fleet timeline by day' });
    await see(list);
    const day = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: formatCalendarDate(addDays(today, 2)) }) });
    const entry = day.getByRole('button', { name: new RegExp(`Confirmed booking ${reference} · ${CUSTOMER}`) });
    await see(entry);
    expect(await entry.textContent()).toContain(carName);
    expect(await page.getByRole('region', { name: 'Fleet timeline' }).count()).toBe(0);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(PHONE.width);
    const violations = await seriousViolations(page);
    expect(violations.length, describeViolations(violations)).toBe(0);

    await entry.click();
    const details = page.getByRole('dialog', { name: `Confirmed booking ${reference}` });
    await see(details.getByText(CUSTOMER));
    const box = await details.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  });
});
