/**
 * A walk-in drives off, at the office's 1280 px screen (issue 32 item 3): a counter agent books a
 * walk-in who has given no licence, and at check-out types the licence off the card, sends its
 * photo, approves them from there, names another driver the renter brought (the new total read and
 * accepted), reads the whole agreement and hands the keys over; the car comes back. The signed
 * agreement, read back with pdftotext, holds every fact of item 4 and no placeholder contact. With
 * mail off, the manager copies the walk-in's welcome link out of the outbox ("Copy link"); it works
 * once. Screens are saved under /tmp/walkin-drive-shots/ to be looked at.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { COUNTER_MESSAGES, fuelWords } from '@rental/contract/counter';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Locator } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import { describeViolations, seriousViolations } from '../support/axe';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { counterAgent } from '../support/invitations';
import { pngFile, solidPng } from '../support/png';
import type { Seed } from '../support/seed';
import { fitsTheScreen, screenshots } from '../support/shots';
import { drawSignature, see } from '../support/ui';

const shot = screenshots('/tmp/walkin-drive-shots');
const LICENCE = {
  licenceNumber: 'JM 884 120 377',
  licenceCountry: 'Jamaica',
  licenceIssued: '2011-09-05',
  licenceExpires: '2032-03-18',
  dateOfBirth: '1982-07-30',
};
const ADDRESS = '4 Cassia Avenue, Independence City, Portmore';
const OWN = { phone: '+1 (876) 943-7710', email: 'counter@waterford-rentals.example', chatUrl: 'https://wa.me/18769437710', trn: '104-778-230' };
const DRIVER = {
  name: 'Andrea Whyte',
  licenceNumber: 'JM 2210 0431',
  licenceCountry: 'Jamaica',
  licenceIssued: '2010-02-01',
  licenceExpires: '2031-02-01',
  dateOfBirth: '1986-05-09',
};
const PLACEHOLDERS = [DEFAULT_COMPANY.phone, DEFAULT_COMPANY.email, DEFAULT_COMPANY.chatUrl, '555-0142'];

/** The agreement as the API gives it to staff, its words as pdftotext reads them. */
async function agreementText(seed: Seed, bookingId: string): Promise<string> {
  const response = await fetch(`${seed.baseUrl}/api/bookings/${bookingId}/agreement.pdf`, { headers: { Authorization: seed.owner.token } });
  expect(response.status).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'walkin-agreement-')), 'agreement.pdf');
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const read = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  return read.stdout.replace(/\s+/g, ' ');
}

/** Fills a driver's boxes (DriverFields) inside `within`, by their labels. */
async function typeDriver(within: Locator, driver: Partial<typeof DRIVER> & typeof LICENCE) {
  if (driver.name) await within.getByLabel('Driver name', { exact: true }).fill(driver.name);
  await within.getByLabel('Licence number', { exact: true }).fill(driver.licenceNumber);
  await within.getByLabel('Issuing country', { exact: true }).fill(driver.licenceCountry);
  await within.getByLabel('Licence issue date', { exact: true }).fill(driver.licenceIssued);
  await within.getByLabel('Licence expiry date', { exact: true }).fill(driver.licenceExpires);
  await within.getByLabel('Date of birth', { exact: true }).fill(driver.dateOfBirth);
}

describe('a walk-in drives off', () => {
  test(
    'at 1280 px: an agent types the walk-in’s licence and a second driver at check-out, keys out and back, the agreement holds every fact; the manager copies the welcome link',
    { timeout: 240_000 },
    async ({ openPage, seed }) => {
      const owner = typedApi(seed.baseUrl, seed.owner.token);
      const companyBefore = (await owner.call('company')).company;
      const pricesBefore = await owner.call('ownerPrices');
      try {
        // The owner's own contacts and TRN; a damage waiver among the extras; another driver costs 800 a day.
        await owner.call('updateCompany', { body: { ...companyBefore, ...OWN } });
        const saved = await owner.call('savePrices', {
          body: {
            ...pricesBefore.rules,
            additionalDriverPerDay: 800,
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
        const tag = seed.runId.slice(-5).toUpperCase();
        const car = await apiClient(seed.baseUrl).addCar(
          seed.owner.token,
          {
            location: 'Waterford, Portmore',
            brand: 'Toyota',
            model: 'Corolla',
            year: 2021,
            pricePerDay: 7000,
            category: 'Sedan',
            transmission: 'Automatic',
            fuel_type: 'Petrol',
            seating_capacity: 5,
            description: 'A car for the walk-in journey.',
            plate: `WD ${tag}`,
            odometerKm: 44_000,
          },
          pngFile('corolla.png', [90, 90, 160]),
        );

        // The agent books the walk-in at the desk: a name, a phone, an e-mail, no licence yet.
        const agent = await counterAgent(seed.baseUrl, seed.owner.token, seed.runId);
        const asAgent = typedApi(seed.baseUrl, agent.token);
        const walkIn = {
          name: `Clive Walkin ${tag}`,
          phone: '876 555 0166',
          email: `clive.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`,
        };
        const today = companyToday();
        const { booking } = await asAgent.call('staffBooking', {
          body: {
            customer: walkIn,
            car: car._id,
            pickupDate: today,
            returnDate: addDays(today, 2),
            paymentMethod: 'upfront',
            status: 'confirmed',
            extras: [{ id: waiver.id, quantity: 1 }],
          },
        });

        const staff = await openPage({ viewport: DESKTOP, token: agent.token, bypassCSP: true });
        await staff.goto(`/owner/desk/${booking._id}/check-out`);
        await see(staff.getByText(COUNTER_MESSAGES.driverNotApproved), 20_000);

        // The licence typed off the card and photographed; the rules pass; approved from the desk.
        const licence = await see(staff.getByRole('form', { name: 'Driving licence' }), 15_000);
        await typeDriver(licence, LICENCE);
        await licence
          .getByLabel('Photo of the licence (front)')
          .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: solidPng(640, 400, [230, 220, 190]) });
        await shot(staff, 'licence-typed-1280');
        // The same panel on the lot's 390 px phone, within the screen.
        const phone = await openPage({ viewport: PHONE, mobile: true, token: agent.token });
        await phone.goto(`/owner/desk/${booking._id}/check-out`);
        await typeDriver(await see(phone.getByRole('form', { name: 'Driving licence' }), 20_000), LICENCE);
        await fitsTheScreen(phone);
        await shot(phone, 'licence-typed-390');
        await phone.close();
        await licence.getByRole('button', { name: 'Save the licence' }).click();
        await staff.getByRole('button', { name: `Approve ${walkIn.name} as a driver` }).click();
        const form = await see(staff.getByRole('form', { name: 'Check-out' }), 20_000);
        const kept = (
          await owner.call('customerDriver', { params: { id: (await asAgent.call('counterBooking', { params: { id: booking._id } })).booking.user._id } })
        ).customer;
        expect(kept).toMatchObject({ vetting: { status: 'approved' }, driver: { licenceNumber: LICENCE.licenceNumber, dateOfBirth: LICENCE.dateOfBirth } });
        expect(kept.documents.map((d) => d.kind)).toEqual(['licence_front']);

        // A second driver the renter brought: a typing slip that breaks the rules is said at once and nothing saved; then the right date.
        await form.getByRole('button', { name: 'Add another driver' }).click();
        const another = form.getByRole('group', { name: 'Another driver' });
        await typeDriver(another, { ...DRIVER, dateOfBirth: addDays(today, -20 * 365) });
        await see(another.getByText(`${DRIVER.name} must be`, { exact: false }));
        await expect.poll(() => another.getByRole('button', { name: 'Name this driver' }).isDisabled()).toBe(true);
        await another.getByLabel('Date of birth', { exact: true }).fill(DRIVER.dateOfBirth);
        await another.getByRole('button', { name: 'Name this driver' }).click();
        await see(another.getByText(/Press “Name this driver” again to accept it/), 15_000);
        await another.getByRole('button', { name: 'Name this driver' }).click();
        await see(form.getByText(`Licence ${DRIVER.licenceNumber}`, { exact: false }), 15_000);

        // The rest of the check-out, as the counter does it.
        await form.getByLabel(`Licence number on ${walkIn.name}'s card`).fill(LICENCE.licenceNumber);
        await form.getByLabel(`${walkIn.name}'s address`).fill(ADDRESS);
        const readings = form.getByRole('region', { name: 'Odometer and fuel' });
        await readings.getByLabel('Odometer (km)').fill('44030');
        await readings.locator('label', { has: staff.getByRole('radio', { name: fuelWords(8) }) }).click();
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
        await form.getByRole('region', { name: 'The rental agreement' }).getByRole('button', { name: 'Show the agreement' }).click();
        const onScreen = await see(form.getByRole('article', { name: 'Rental agreement' }), 20_000);
        for (const words of [ADDRESS, DRIVER.name, LICENCE.licenceNumber, OWN.phone]) await see(onScreen.getByText(words, { exact: false }).first());
        await fitsTheScreen(staff);
        const violations = await seriousViolations(staff);
        expect(violations, describeViolations(violations)).toEqual([]);
        await shot(staff, 'check-out-agreement-1280');
        const signatures = form.getByRole('region', { name: 'Signatures' });
        await drawSignature(staff, signatures.getByRole('img', { name: `${walkIn.name}'s signature` }));
        await drawSignature(staff, signatures.getByRole('img', { name: 'Staff signature' }));
        await expect.poll(() => signatures.getByText('Signed.', { exact: true }).count()).toBe(2);
        await form.getByRole('button', { name: 'Hand over the keys' }).click();
        await see(staff.getByRole('status').filter({ hasText: COUNTER_MESSAGES.checkedOut }), 30_000);

        // Keys back.
        await staff.goto(`/owner/desk/${booking._id}/check-in`);
        await see(staff.getByRole('heading', { level: 1, name: 'Check in' }), 15_000);
        await staff.getByLabel('Odometer now (km)').fill('44180');
        await staff
          .getByRole('group', { name: 'Fuel now' })
          .locator('label', { has: staff.getByRole('radio', { name: fuelWords(8) }) })
          .click();
        await staff.getByRole('button', { name: 'Check in and e-mail the receipt' }).click();
        await see(staff.getByText(COUNTER_MESSAGES.checkedIn), 30_000);

        const text = await agreementText(seed, booking._id);
        for (const words of [
          booking.reference,
          walkIn.name,
          `Address ${ADDRESS}`,
          'Date of birth 30 Jul 1982',
          `Licence ${LICENCE.licenceNumber}, issued in Jamaica, expires 18 Mar 2032`,
          `${DRIVER.name} Born 9 May 1986. Licence ${DRIVER.licenceNumber}, issued in Jamaica, expires 1 Feb 2031`,
          'Pickup place Waterford, Portmore',
          'Return place Waterford, Portmore',
          'keys handed over',
          'due back by',
          'Damage waiver Bought (Collision damage waiver',
          'Excess the renter owes',
          `To be returned with as much fuel as at pickup (${fuelWords(8)})`,
          'km a day',
          'Payment by cash',
          'Nothing more to pay',
          `Phone ${OWN.phone}`,
          `TRN ${OWN.trn}`,
        ]) {
          expect(text, words).toContain(words);
        }
        for (const placeholder of PLACEHOLDERS) expect(text, placeholder).not.toContain(placeholder);

        // Mail is off: the agent may not copy the walk-in's welcome link; the manager can, from the outbox, and it works once.
        const { messages } = await owner.call('ownerOutbox');
        const welcome = messages.find((m) => m.recipient === walkIn.email && /choose your password/i.test(m.subject));
        expect(welcome, 'the welcome e-mail is in the outbox').toBeDefined();
        const refused = await fetch(`${seed.baseUrl}/api/owner/outbox/${welcome!._id}/link`, { headers: { Authorization: agent.token } });
        expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([403, 'not_allowed']);
        await staff.goto('/owner/outbox');
        await (await see(staff.getByRole('button', { name: `Open ${welcome!.subject}`, exact: false }), 20_000)).click();
        expect(await staff.getByRole('button', { name: 'Copy link' }).count()).toBe(0);

        const managerToken = await newManager(seed);
        const manager = await openPage({ viewport: DESKTOP, token: managerToken, bypassCSP: true });
        await manager.goto('/owner/outbox');
        await (await see(manager.getByRole('button', { name: `Open ${welcome!.subject}`, exact: false }), 20_000)).click();
        await (await see(manager.getByRole('button', { name: 'Copy link' }), 15_000)).click();
        const link = (await (await see(manager.getByLabel("The customer's link"), 15_000)).textContent()) ?? '';
        const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
        await shot(manager, 'outbox-copy-link-1280');
        const managerPhone = await openPage({ viewport: PHONE, mobile: true, token: managerToken });
        await managerPhone.goto('/owner/outbox');
        await (await see(managerPhone.getByRole('button', { name: `Open ${welcome!.subject}`, exact: false }), 20_000)).click();
        await see(managerPhone.getByRole('button', { name: 'Copy link' }), 15_000);
        await fitsTheScreen(managerPhone);
        await shot(managerPhone, 'outbox-copy-link-390');
        await managerPhone.close();
        const visitor = typedApi(seed.baseUrl);
        await visitor.call('resetPassword', { body: { token, password: 'Clive-chose-2026' } });
        await expect(visitor.call('resetPassword', { body: { token, password: 'Someone-else-2026' } })).rejects.toMatchObject({ status: 400 });
        expect((await visitor.call('login', { body: { email: walkIn.email, password: 'Clive-chose-2026' } })).token).toBeTruthy();
      } finally {
        await owner.call('savePrices', { body: { ...pricesBefore.rules, extras: pricesBefore.extras } });
        await owner.call('updateCompany', { body: companyBefore });
      }
    },
  );
});

/** A manager of the journey's own, invited and joined as staff are: their session's token. */
async function newManager(seed: Seed): Promise<string> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const email = `manager.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  await owner.call('inviteStaff', { body: { email, staffRole: 'manager' } });
  const { messages } = await owner.call('ownerOutbox');
  const invitation = messages.find((m) => m.recipient === email)!;
  const { outboxMessage } = await owner.call('outboxMessage', { params: { id: invitation._id } });
  const token = decodeURIComponent(new URL(outboxMessage.links.find((l) => l.includes('/staff-invitation/'))!).pathname.split('/').pop()!);
  const visitor = typedApi(seed.baseUrl);
  await visitor.call('acceptStaffInvitation', { body: { token, name: 'Marsha Manager', password: 'Manager-pass-2024' } });
  const login = await visitor.call('login', { body: { email, password: 'Manager-pass-2024' } });
  return login.token;
}
