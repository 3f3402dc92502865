/**
 * A rental extended at the desk, on a counter agent's 390 px phone: a booking checked out through the
 * API (due back today), its card on the desk, "Extend", a later return day, the new price and the
 * difference shown before anything is saved, then saved; the booking's new return day and price as
 * the API tells them, and the customer's e-mail in the outbox. Screens go to /tmp/change-shots/.
 */
import { BOOKING_CHANGE_MESSAGES } from '@rental/contract/bookingChanges';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient, typedApi } from '../support/api';
import { counterAgent } from '../support/invitations';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { solidPng } from '../support/png';
import type { Seed } from '../support/seed';
import { screenshots } from '../support/shots';
import { chooseDatesOnCalendar, formatMoney, see } from '../support/ui';

const shot = screenshots('/tmp/change-shots');
const LICENCE = 'JM 610 204 118';
const PRICE_PER_DAY = 6400;

/** A car, an approved driver and their booking of today, keys handed over: all through the API. */
async function rentalOnTheRoad(seed: Seed) {
  const api = apiClient(seed.baseUrl);
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const today = companyToday();
  const tag = seed.runId.slice(-5).toUpperCase();
  const car = await api.addCar(
    seed.owner.token,
    {
      location: 'Waterford, Portmore',
      brand: 'Suzuki',
      model: 'Vitara',
      year: 2022,
      pricePerDay: PRICE_PER_DAY,
      category: 'SUV',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'A car for the change journey.',
      plate: `XT ${tag}`,
      odometerKm: 20_000,
    },
    { name: 'vitara.png', mimeType: 'image/png', buffer: solidPng(480, 300, [40, 140, 90]) },
  );
  const customer = { name: `Rohan Extend ${tag}`, email: `rohan.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com` };
  const token = await api.register(customer.name, customer.email, 'Extend-pass-2024', '876 555 0190');
  await typedApi(seed.baseUrl, token).call('saveDriver', {
    body: { licenceNumber: LICENCE, licenceCountry: 'Jamaica', licenceIssued: '2016-02-01', licenceExpires: '2031-02-01', dateOfBirth: '1985-07-19' },
  });
  const waiting = (await owner.call('vetting')).customers.find((c) => c.email === customer.email);
  await owner.call('decideVetting', { body: { userId: waiting!._id, decision: 'approved' } });
  const booking = await api.createBooking(token, { car: car._id, pickupDate: today, returnDate: today, paymentMethod: 'upfront' });
  await api.changeStatus(seed.owner.token, booking._id, 'confirmed');

  const signature = `data:image/png;base64,${solidPng(300, 100, [20, 20, 20]).toString('base64')}`;
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      licenceNumber: LICENCE,
      renterAddress: '5 Orchid Lane, Portmore',
      odometerKm: 20_050,
      fuelEighths: 8,
      existingDamagesConfirmed: true,
      damages: [],
      items: [],
      deposit: { amount: 15_000, method: 'cash', reference: '' },
      // The owner lets the rental be paid at return: the keys go out with the balance owing.
      payAtReturn: { reason: 'Paid at return, as agreed' },
      signature,
    }),
  );
  await owner.call('checkOut', { params: { id: booking._id }, form });
  return { booking, customer, car };
}

describe('changing a booking', () => {
  test('on a 390 px phone: a counter agent extends a rental on the road at the desk, seeing the new price and the difference before saving', async ({
    openPage,
    seed,
  }) => {
    const { booking, customer } = await rentalOnTheRoad(seed);
    const owner = typedApi(seed.baseUrl, seed.owner.token);
    const newReturn = addDays(companyToday(), 2);
    const agent = await counterAgent(seed.baseUrl, seed.owner.token, seed.runId);

    const staff = await openPage({ viewport: PHONE, mobile: true, token: agent.token });
    await staff.goto('/owner/desk');
    const card = await see(staff.getByRole('article', { name: booking.reference }), 20_000);
    await card.getByRole('button', { name: 'Extend' }).click();
    const dialog = await see(staff.getByRole('dialog', { name: `Extend: ${booking.reference}` }));
    // A rental on the road keeps its pickup day: only the return day (and the car) are offered.
    expect(await dialog.getByLabel('Pickup date').count()).toBe(0);
    await dialog.getByLabel('Return date').fill(newReturn);
    await shot(staff, 'extend-form');
    await dialog.getByRole('button', { name: 'See the new price' }).click();

    // The preview: before, after, and the difference, nothing saved yet.
    const summary = await see(dialog.getByTestId('change-summary'), 15_000);
    const asked = (await owner.call('bookingChangeQuote', { params: { id: booking._id }, body: { returnDate: newReturn } })).change;
    expect(asked.after.days).toBe(2);
    expect(asked.difference).toBeGreaterThan(0);
    await see(summary.getByText(`Difference: ${formatMoney(asked.difference, asked.currency)} more`));
    await see(summary.getByText(formatMoney(asked.after.total, asked.currency), { exact: false }).first());
    const stillBefore = await apiClient(seed.baseUrl).ownerBookings(seed.owner.token);
    expect(stillBefore.find((b) => b._id === booking._id)?.returnDate, 'the preview saves nothing').toBe(companyToday());
    await shot(staff, 'extend-difference');
    expect(await staff.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(PHONE.width);

    await dialog.getByRole('button', { name: 'Save the change' }).click();
    const done = await see(staff.getByRole('status', { name: `Booking ${booking.reference} changed` }), 15_000);
    await see(done.getByText(BOOKING_CHANGE_MESSAGES.changed));
    await shot(staff, 'extend-saved');
    await done.getByRole('button', { name: 'Close' }).click();

    const after = (await apiClient(seed.baseUrl).ownerBookings(seed.owner.token)).find((b) => b._id === booking._id);
    expect(after).toMatchObject({ returnDate: newReturn, price: asked.after.total, status: 'on_rent' });
    // Manage Bookings offers the same change on the booking's card.
    await staff.goto('/owner/manage-bookings');
    const listed = await see(staff.getByRole('listitem').filter({ hasText: booking.reference }), 20_000);
    await see(listed.getByRole('button', { name: 'Extend' }));
    await shot(staff, 'manage-bookings-card');
    const outbox = await owner.call('ownerOutbox', { query: { page: '1' } });
    expect(JSON.stringify(outbox)).toContain(`Booking ${booking.reference} is changed`);
    expect(JSON.stringify(outbox)).toContain(customer.email);

    // The first-start checklist is the owner's (the site here still has e-mail off): not on an agent's dashboard.
    await staff.goto('/owner');
    await see(staff.getByText('Total Bookings'), 15_000);
    expect(await staff.getByRole('heading', { name: 'Getting the site ready' }).count()).toBe(0);
  });

  test('on a 390 px phone: a customer moves the return day of their booking from their booking page, seeing the difference first', async ({
    openPage,
    seed,
  }) => {
    const api = apiClient(seed.baseUrl);
    const tag = seed.runId.slice(-5).toUpperCase();
    const car = await api.addCar(
      seed.owner.token,
      {
        location: 'Waterford, Portmore',
        brand: 'Nissan',
        model: 'Note',
        year: 2021,
        pricePerDay: 5200,
        category: 'Hatchback',
        transmission: 'Automatic',
        fuel_type: 'Petrol',
        seating_capacity: 5,
        description: 'A car for the customer change journey.',
        plate: `NT ${tag}`,
      },
      { name: 'note.png', mimeType: 'image/png', buffer: solidPng(480, 300, [150, 60, 60]) },
    );
    const email = `kerry.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const token = await api.register(`Kerry Change ${tag}`, email, 'Change-pass-2024', '876 555 0191');
    const pickup = addDays(companyToday(), 20);
    const booking = await api.createBooking(token, { car: car._id, pickupDate: pickup, returnDate: addDays(pickup, 2), paymentMethod: 'upfront' });

    const phone = await openPage({ viewport: PHONE, mobile: true, token });
    await phone.goto(`/my-bookings/${booking.reference}`);
    const section = await see(phone.getByRole('region', { name: 'Change dates' }), 20_000);
    await section.getByRole('button', { name: 'Change dates' }).click();
    const form = await see(phone.getByRole('form', { name: `Change booking ${booking.reference}` }));
    expect(await form.getByLabel('Car').count(), 'another car is for staff to give').toBe(0);
    // The car page's calendar: the booking's own pickup day stays, the return moves two days on.
    await chooseDatesOnCalendar(phone, pickup, addDays(pickup, 4), form);
    await form.getByRole('button', { name: 'See the new price' }).click();
    const summary = await see(form.getByTestId('change-summary'), 15_000);
    const asked = (await typedApi(seed.baseUrl, token).call('bookingChangeQuote', { params: { id: booking._id }, body: { returnDate: addDays(pickup, 4) } }))
      .change;
    await see(summary.getByText(`Difference: ${formatMoney(asked.difference, asked.currency)} more`));
    // Why: the car's days, and GCT on them.
    const moved = await see(summary.getByRole('table', { name: 'Why the total moved' }));
    const carRow = moved.getByRole('row').filter({ hasText: 'Nissan Note' });
    await see(carRow.getByText(formatMoney(2 * 5200), { exact: true }));
    await see(carRow.getByText(formatMoney(4 * 5200), { exact: true }));
    await shot(phone, 'customer-difference');
    await form.getByRole('button', { name: 'Save the change' }).click();
    await see(phone.getByRole('status', { name: `Booking ${booking.reference} changed` }), 15_000);
    await shot(phone, 'customer-saved');
    expect((await api.userBookings(token)).find((b) => b._id === booking._id)).toMatchObject({ returnDate: addDays(pickup, 4), price: asked.after.total });
  });
});
