/**
 * The rental agreement fit to hand over, at the office's 1280 px screen: a booking with the damage
 * waiver and another driver named, checked out at the counter (the renter's address typed, the
 * whole agreement read on the screen before the pads appear) and returned; the signed agreement,
 * read back with pdftotext, holds every fact the renter is handed and no placeholder contact. The
 * check-out screen is saved at 390 and 1280 px under /tmp/agreement-shots/ to be looked at.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { COUNTER_MESSAGES, fuelWords } from '@rental/contract/counter';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Locator, Page } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import { describeViolations, seriousViolations } from '../support/axe';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import type { Seed } from '../support/seed';
import { fitsTheScreen, screenshots } from '../support/shots';
import { drawSignature, see } from '../support/ui';

const shot = screenshots('/tmp/agreement-shots');
const LICENCE = 'JM 610 445 902';
const ADDRESS = '27 Poinciana Drive, Edgewater, Portmore';
const OWN = { phone: '+1 (876) 943-2210', email: 'desk@waterford-rentals.example', chatUrl: 'https://wa.me/18769432210', trn: '104-552-871' };
const DRIVER = {
  name: 'Delroy Whyte',
  licenceNumber: 'JM 3310 0042',
  licenceCountry: 'Jamaica',
  licenceIssued: '2012-04-01',
  licenceExpires: '2030-04-01',
  dateOfBirth: '1984-12-02',
};
const PLACEHOLDERS = [DEFAULT_COMPANY.phone, DEFAULT_COMPANY.email, DEFAULT_COMPANY.chatUrl, '555-0142'];

/** The agreement as the API gives it to staff, its words as pdftotext reads them. */
async function agreementText(seed: Seed, bookingId: string): Promise<string> {
  const response = await fetch(`${seed.baseUrl}/api/bookings/${bookingId}/agreement.pdf`, { headers: { Authorization: seed.owner.token } });
  expect(response.status).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'agreement-pdf-')), 'agreement.pdf');
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const read = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  return read.stdout.replace(/\s+/g, ' ');
}

/** A car, an approved customer, their booking with the waiver and another driver, confirmed and brought to today. */
async function prepare(seed: Seed, waiverId: string) {
  const api = apiClient(seed.baseUrl);
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const today = companyToday();
  const tag = seed.runId.slice(-5).toUpperCase();
  const car = await api.addCar(
    seed.owner.token,
    {
      location: 'Waterford, Portmore',
      brand: 'Nissan',
      model: 'Note',
      year: 2022,
      pricePerDay: 6200,
      category: 'Hatchback',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'A car for the agreement journey.',
      plate: `AG ${tag}`,
      odometerKm: 31_000,
    },
    pngFile('note.png', [40, 120, 90]),
  );
  const customer = { name: `Marcia Agreement ${tag}`, email: `marcia.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com` };
  const token = await api.register(customer.name, customer.email, 'Agreement-pass-2024', '876 555 0199');
  const me = typedApi(seed.baseUrl, token);
  await me.call('saveDriver', {
    body: { licenceNumber: LICENCE, licenceCountry: 'Jamaica', licenceIssued: '2014-02-10', licenceExpires: '2031-07-15', dateOfBirth: '1989-06-21' },
  });
  const waiting = (await owner.call('vetting')).customers.find((c) => c.email === customer.email);
  await owner.call('decideVetting', { body: { userId: waiting!._id, decision: 'approved' } });
  // Other drivers are named before the pickup day: booked from tomorrow, then staff bring it to today.
  const { booking } = await me.call('createBooking', {
    body: { car: car._id, pickupDate: addDays(today, 1), returnDate: addDays(today, 3), paymentMethod: 'upfront', extras: [{ id: waiverId, quantity: 1 }] },
  });
  await me.call('bookingDrivers', { params: { id: booking._id }, body: { drivers: [DRIVER] } });
  await api.changeStatus(seed.owner.token, booking._id, 'confirmed');
  const quoted = await owner.call('bookingChangeQuote', { params: { id: booking._id }, body: { pickupDate: today, returnDate: addDays(today, 2) } });
  await owner.call('changeBooking', {
    params: { id: booking._id },
    body: { pickupDate: today, returnDate: addDays(today, 2), expectedTotal: quoted.change.after.total },
  });
  return { booking, customer, car };
}

/** The check-out filled in as staff would, up to the agreement: the licence, the address, the readings, the walk round, the money. */
async function fillForm(page: Page, name: string): Promise<Locator> {
  const form = await see(page.getByRole('form', { name: 'Check-out' }), 15_000);
  await form.getByLabel(`Licence number on ${name}'s card`).fill(LICENCE);
  await form.getByLabel(`${name}'s address`).fill(ADDRESS);
  const readings = form.getByRole('region', { name: 'Odometer and fuel' });
  await readings.getByLabel('Odometer (km)').fill('31050');
  await readings.locator('label', { has: page.getByRole('radio', { name: fuelWords(7) }) }).click();
  await form
    .getByRole('region', { name: 'Damages' })
    .getByRole('checkbox', { name: /I walked round the car/ })
    .check();
  const payment = form.getByRole('region', { name: 'Payment' });
  await payment
    .locator('label')
    .filter({ hasText: /^Paid now$/ })
    .click();
  await payment
    .locator('label')
    .filter({ hasText: /^Cash$/ })
    .click();
  await form
    .getByRole('region', { name: 'Security deposit taken' })
    .locator('label')
    .filter({ hasText: /^Card$/ })
    .click();
  return form;
}

describe('the rental agreement', () => {
  test('at 1280 px: keys out with the whole agreement read before signing, keys back, the signed agreement holds every fact and no placeholder', async ({
    openPage,
    seed,
  }) => {
    const owner = typedApi(seed.baseUrl, seed.owner.token);
    const companyBefore = (await owner.call('company')).company;
    const pricesBefore = await owner.call('ownerPrices');
    try {
      // The owner's own contacts and TRN; a damage waiver among the extras.
      await owner.call('updateCompany', { body: { ...companyBefore, ...OWN } });
      const saved = await owner.call('savePrices', {
        body: {
          ...pricesBefore.rules,
          extras: [
            ...pricesBefore.extras,
            {
              name: 'Collision damage waiver',
              description: 'Lowers what you pay for damage to the excess.',
              charge: 'per_day',
              price: 2500,
              maxPerBooking: 1,
              stock: null,
            },
          ],
        },
      });
      const waiver = saved.extras.find((e) => e.name === 'Collision damage waiver')!;
      const { booking, customer } = await prepare(seed, waiver.id);

      const staff = await openPage({ viewport: DESKTOP, token: seed.owner.token, bypassCSP: true });
      await staff.goto(`/owner/desk/${booking._id}/check-out`);
      const form = await fillForm(staff, customer.name);

      // No pad until the customer has the agreement in front of them.
      const signatures = form.getByRole('region', { name: 'Signatures' });
      expect(await signatures.getByRole('img').count()).toBe(0);
      await form.getByRole('region', { name: 'The rental agreement' }).getByRole('button', { name: 'Show the agreement' }).click();
      const onScreen = await see(form.getByRole('article', { name: 'Rental agreement' }), 20_000);
      for (const words of [ADDRESS, DRIVER.name, 'Bought (Collision damage waiver', OWN.phone, `TRN ${OWN.trn}`, 'Pickup place', 'Return place'])
        await see(onScreen.getByText(words, { exact: false }).first());
      await fitsTheScreen(staff);
      const violations = await seriousViolations(staff);
      expect(violations, describeViolations(violations)).toEqual([]);
      await shot(staff, 'check-out-agreement-1280');

      // The same screen on the counter's 390 px phone, the agreement shown.
      const phone = await openPage({ viewport: PHONE, mobile: true, token: seed.owner.token });
      await phone.goto(`/owner/desk/${booking._id}/check-out`);
      await fillForm(phone, customer.name);
      await phone.getByRole('region', { name: 'The rental agreement' }).getByRole('button', { name: 'Show the agreement' }).click();
      await see(phone.getByRole('article', { name: 'Rental agreement' }).getByText(ADDRESS), 20_000);
      await fitsTheScreen(phone);
      await shot(phone, 'check-out-agreement-390');
      await phone.close();

      await drawSignature(staff, signatures.getByRole('img', { name: `${customer.name}'s signature` }));
      await drawSignature(staff, signatures.getByRole('img', { name: 'Staff signature' }));
      await expect.poll(() => signatures.getByText('Signed.', { exact: true }).count()).toBe(2);
      await form.getByRole('button', { name: 'Hand over the keys' }).click();
      await see(staff.getByRole('status').filter({ hasText: COUNTER_MESSAGES.checkedOut }), 30_000);

      // Keys back.
      await staff.goto(`/owner/desk/${booking._id}/check-in`);
      await see(staff.getByRole('heading', { level: 1, name: 'Check in' }), 15_000);
      await staff.getByLabel('Odometer now (km)').fill('31200');
      await staff
        .getByRole('group', { name: 'Fuel now' })
        .locator('label', { has: staff.getByRole('radio', { name: fuelWords(7) }) })
        .click();
      await staff.getByRole('button', { name: 'Check in and e-mail the receipt' }).click();
      await see(staff.getByText(COUNTER_MESSAGES.checkedIn), 30_000);
      expect((await owner.call('counterBooking', { params: { id: booking._id } })).booking.status).toBe('returned');

      const text = await agreementText(seed, booking._id);
      for (const words of [
        booking.reference,
        `Address ${ADDRESS}`,
        'Date of birth 21 Jun 1989',
        `Licence ${LICENCE}, issued in Jamaica, expires 15 Jul 2031`,
        `${DRIVER.name} Born 2 Dec 1984. Licence ${DRIVER.licenceNumber}, issued in Jamaica, expires 1 Apr 2030`,
        'Pickup place Waterford, Portmore',
        'Return place Waterford, Portmore',
        'keys handed over',
        'due back by',
        'Damage waiver Bought (Collision damage waiver',
        'Excess the renter owes',
        `To be returned with as much fuel as at pickup (${fuelWords(7)})`,
        'km a day',
        'Payment by cash',
        'Nothing more to pay',
        `Phone ${OWN.phone}`,
        `E-mail ${OWN.email}`,
        `TRN ${OWN.trn}`,
      ]) {
        expect(text, words).toContain(words);
      }
      for (const placeholder of PLACEHOLDERS) expect(text, placeholder).not.toContain(placeholder);
    } finally {
      await owner.call('savePrices', { body: { ...pricesBefore.rules, extras: pricesBefore.extras } });
      await owner.call('updateCompany', { body: companyBefore });
    }
  });
});
