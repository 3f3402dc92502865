/**
 * Online check-in on a customer's 390 px phone (issue 33): a confirmed booking of tomorrow, its
 * driver's licence and documents given and approved; the booking page offers "Check in online"; the
 * steps: Drivers (ready), Arrival (a time within the day's hours), the Agreement read, a code asked
 * for and read from the e-mail in the outbox (a wrong one first: refused by its code, in words), the
 * signature drawn with a finger, Sign; then "Checked in online", the rental paid by card on the
 * payment sandbox's page, and the signed agreement on the booking page. The same steps at 1280 px on a second booking. Then a walk-in staff booked, with no
 * password: on a 390 px phone they look the booking up by reference and last name, open the sign-in
 * link from the outbox's e-mail, press "Check in online" on the looked-up booking and check in to the
 * end with that link's session, the agreement's PDF included. Screens in /tmp/ocweb-shots/.
 */
import { BOOKING_LOOKUP_MESSAGES } from '@rental/contract/bookingLookup';
import { ONLINE_CHECK_IN_REFUSALS } from '@rental/contract/onlineCheckIn';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Locator, Page, Response } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import { describeViolations, seriousViolations } from '../support/axe';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import { uploadDriverDocuments } from '../support/documents';
import type { Seed } from '../support/seed';
import { fitsTheScreen, screenshots } from '../support/shots';
import { drawSignature, see } from '../support/ui';

const shot = screenshots('/tmp/ocweb-shots');

type Prepared = { token: string; email: string; references: string[]; name: string };

/** A customer with licence, documents and the company's approval, and three confirmed one-day bookings from tomorrow: all through the API. */
async function prepare(seed: Seed): Promise<Prepared> {
  const api = apiClient(seed.baseUrl);
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const tag = seed.runId.slice(-5).toUpperCase();
  const car = await api.addCar(
    seed.owner.token,
    {
      location: 'Waterford, Portmore',
      brand: 'Suzuki',
      model: 'Vitara',
      year: 2024,
      pricePerDay: 6400,
      category: 'SUV',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'A car for the online check-in journey.',
      plate: `OC ${tag}`,
      odometerKm: 18_000,
    },
    pngFile('vitara.png', [40, 140, 90]),
  );
  const name = `Shanice Online ${tag}`;
  const email = `shanice.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const token = await api.register(name, email, 'Online-pass-2024', '876 555 0199');
  await typedApi(seed.baseUrl, token).call('saveDriver', {
    body: { licenceNumber: 'JM 551 220 884', licenceCountry: 'Jamaica', licenceIssued: '2012-06-01', licenceExpires: '2031-06-01', dateOfBirth: '1990-02-14' },
  });
  await uploadDriverDocuments(seed.baseUrl, '/api/user/documents', token);
  const waiting = (await owner.call('vetting')).customers.find((c) => c.email === email);
  expect(waiting, 'the customer waits to be checked once their details are saved').toBeTruthy();
  await owner.call('decideVetting', { body: { userId: waiting!._id, decision: 'approved' } });
  const tomorrow = addDays(companyToday(), 1);
  const references: string[] = [];
  // Tomorrow and the day after: open (72 hours before their opening time has passed); in six days: not yet.
  for (const offset of [0, 1, 6]) {
    const day = addDays(tomorrow, offset);
    const booking = await api.createBooking(token, { car: car._id, pickupDate: day, returnDate: day, paymentMethod: 'upfront' });
    await api.changeStatus(seed.owner.token, booking._id, 'confirmed');
    references.push(booking.reference);
  }
  return { token, email, references, name };
}

/** The signed agreement opens in a new tab from `region`'s button: the PDF the server keeps for this booking. */
async function opensSignedAgreement(page: Page, region: Locator): Promise<void> {
  const fetched = page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith('/agreement.pdf'), { timeout: 20_000 });
  const tab = page.context().waitForEvent('page', { timeout: 20_000 });
  await region.getByRole('button', { name: 'The signed agreement (PDF)' }).click();
  const [response, opened] = await Promise.all([fetched, tab]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  await expect.poll(() => opened.url(), { message: 'the new tab should be given the PDF' }).toMatch(/^blob:/);
  await opened.close();
}

/** The code of the last check-in e-mail to `email`, as the customer reads it (from the outbox, as the e-mail was sent). */
async function codeFromMail(seed: Seed, email: string, seen: number): Promise<string> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  let subject = '';
  await expect
    .poll(
      async () => {
        const mails = (await owner.call('ownerOutbox')).messages.filter((m) => m.recipient === email && m.subject.startsWith('Your check-in code'));
        subject = mails[0]?.subject ?? '';
        return mails.length;
      },
      { timeout: 20_000, message: 'the code e-mail is sent' },
    )
    .toBeGreaterThan(seen);
  const code = /(\d{6})/.exec(subject)?.[1];
  expect(code, subject).toBeTruthy();
  return code!;
}

/** A walk-in the owner books at the desk for tomorrow, confirmed: name, phone, e-mail and licence typed, documents photographed, approved. No password. */
async function walkIn(seed: Seed): Promise<{ email: string; name: string; lastName: string; reference: string }> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const tag = seed.runId.slice(-5).toUpperCase();
  const car = await apiClient(seed.baseUrl).addCar(
    seed.owner.token,
    {
      location: 'Waterford, Portmore',
      brand: 'Toyota',
      model: 'Corolla',
      year: 2023,
      pricePerDay: 7200,
      category: 'Sedan',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'A car for the walk-in who checks in from the e-mailed link.',
      plate: `WL ${tag}`,
      odometerKm: 22_000,
    },
    pngFile('corolla.png', [150, 40, 40]),
  );
  const lastName = `Linkton${tag.replace(/[^A-Z]/g, '') || 'X'}`;
  const name = `Desmond ${lastName}`;
  const email = `desmond.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const tomorrow = addDays(companyToday(), 1);
  const made = await owner.call('staffBooking', {
    body: {
      customer: { name, phone: '876 555 0133', email },
      car: car._id,
      pickupDate: tomorrow,
      returnDate: addDays(tomorrow, 1),
      paymentMethod: 'upfront',
      status: 'confirmed',
      driver: {
        licenceNumber: 'JM 771 204 553',
        licenceCountry: 'Jamaica',
        licenceIssued: '2011-03-01',
        licenceExpires: '2031-03-01',
        dateOfBirth: '1986-09-21',
      },
    },
  });
  await uploadDriverDocuments(seed.baseUrl, `/api/owner/customers/${made.customerId}/documents`, seed.owner.token);
  await owner.call('decideVetting', { body: { userId: made.customerId, decision: 'approved' } });
  return { email, name, lastName, reference: made.booking.reference };
}

/** The sign-in link of the last look-up e-mail to `email`: the owner copies it out of the outbox (mail is off in the journeys), as the customer would open it from the e-mail. */
async function signInLinkFromMail(seed: Seed, email: string, reference: string): Promise<string> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  let id = '';
  await expect
    .poll(
      async () => {
        const letter = (await owner.call('ownerOutbox')).messages.find(
          (m) => m.recipient === email && m.subject === `Your sign-in link for booking ${reference}`,
        );
        id = letter?._id ?? '';
        return id;
      },
      { timeout: 20_000, message: 'the sign-in link e-mail is in the outbox' },
    )
    .not.toBe('');
  const { link } = await owner.call('outboxLink', { params: { id } });
  const url = new URL(link);
  expect(url.pathname).toBe('/booking/sign-in');
  return url.pathname + url.search;
}

async function checkInPage(page: Page, reference: string): Promise<void> {
  await page.goto(`/my-bookings/${reference}`);
  const call = page.getByRole('region', { name: 'Check in online' });
  await see(call);
  await shot(page, 'booking-page-call');
  await call.getByRole('link', { name: 'Check in online' }).click();
  await see(page.getByRole('heading', { name: 'Check in online', level: 1 }));
}

describe('online check-in', () => {
  test(
    'a customer checks in on a 390 px phone: drivers, arrival, the code from the e-mail, the signature, then "Checked in online"',
    { timeout: 240_000 },
    async ({ seed, openPage }) => {
      const prepared = await prepare(seed);
      const [reference] = prepared.references;
      const page = await openPage({ token: prepared.token, viewport: PHONE, mobile: true });

      await checkInPage(page, reference!);
      // 1. Drivers: the main driver, ready (licence, documents, approved).
      const drivers = page.getByRole('region', { name: '1. Drivers' });
      await see(drivers);
      const main = drivers.getByRole('listitem').filter({ hasText: 'Main driver (you)' });
      await see(main.getByText(prepared.name));
      await see(main.getByText('Approved'));
      await see(main.getByText('Ready'));
      await fitsTheScreen(page);
      await shot(page, 'step1-drivers');
      await page.getByRole('button', { name: 'Continue to arrival' }).click();

      // 2. Arrival: the day's hours and a time within them.
      await see(page.getByRole('heading', { name: '2. Arrival' }));
      await see(page.getByText('Our hours that day'));
      await page.getByRole('button', { name: 'Continue to the agreement' }).click();
      await see(page.getByText('Please choose your pickup time.'));
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('check-in-time');
      const times = page.getByLabel('When will you pick the car up?');
      const offered = await times.locator('option').allTextContents();
      await times.selectOption(offered[2]!);
      await fitsTheScreen(page);
      await shot(page, 'step2-arrival');
      await page.getByRole('button', { name: 'Continue to the agreement' }).click();

      // 3. The agreement, the code, the signature.
      await see(page.getByRole('heading', { name: '3. Agreement' }));
      const agreement = page.getByRole('article', { name: 'Rental agreement' });
      await see(agreement);
      await expect.poll(() => agreement.textContent()).toContain(prepared.name);
      await fitsTheScreen(page);
      await shot(page, 'step3-agreement');
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await see(page.getByText(/Code sent to s•••@example\.com/));
      const code = await codeFromMail(seed, prepared.email, 0);

      // A wrong code is refused in the contract's words, the box emptied and focused for another try.
      const box = page.getByLabel('The 6-digit code from the e-mail');
      await box.fill(code === '000000' ? '111111' : '000000');
      await drawSignature(page, page.getByRole('img', { name: 'Your signature' }));
      await see(page.getByText('Signed.', { exact: true }));
      await page.getByRole('button', { name: 'Sign the agreement' }).click();
      await see(page.getByText(ONLINE_CHECK_IN_REFUSALS.check_in_code_wrong));
      await expect.poll(() => box.inputValue()).toBe('');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('check-in-code');
      await shot(page, 'step3-code-wrong');

      await box.fill(code);
      const signed = page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith('/online-check-in') && r.request().method() === 'POST', {
        timeout: 30_000,
      });
      await page.getByRole('button', { name: 'Sign the agreement' }).click();
      expect((await signed).status()).toBe(200);

      // 4. Payment, and the check-in done.
      await see(page.getByText('Checked in online').first(), 20_000);
      await see(page.getByRole('heading', { name: '4. Payment' }));
      await see(page.getByText('Security deposit, taken at pickup and given back after the return'));
      await fitsTheScreen(page);
      await shot(page, 'step4-payment-checked-in');

      // The rental paid by card on the provider's page (the local WiPay sandbox), back on the booking.
      await page.getByRole('button', { name: 'Pay by card now' }).click();
      await page.waitForURL((url) => url.origin !== seed.baseUrl, { timeout: 15_000 });
      await see(page.getByRole('heading', { name: /^Pay JMD / }));
      await page.getByLabel('Card number').fill('4111 1111 1111 1111');
      await page.getByLabel('Expiry (MM/YY)').fill('12/40');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on the card').fill(prepared.name);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL((url) => url.origin === seed.baseUrl && url.pathname === `/my-bookings/${reference}`, { timeout: 20_000 });
      await see(page.getByRole('status').filter({ hasText: 'Your card payment went through: the booking is paid.' }), 20_000);

      // The booking page says so, with when, and gives the signed agreement.
      const done = page.getByRole('region', { name: 'Checked in online' });
      await see(done);
      await expect.poll(() => done.textContent()).toContain('Signed on');
      await opensSignedAgreement(page, done);
      await shot(page, 'booking-page-checked-in');

      // A booking further ahead says when check-in opens, and offers no button yet.
      await page.goto(`/my-bookings/${prepared.references[2]}`);
      const later = page.getByRole('region', { name: 'Check in online' });
      await see(later.getByText(/It opens on/));
      expect(await later.getByRole('link', { name: 'Check in online' }).count()).toBe(0);
      await shot(page, 'booking-page-not-yet');

      // The same steps on a desktop, on the second booking (not signed).
      const desk = await openPage({ token: prepared.token, viewport: DESKTOP });
      await checkInPage(desk, prepared.references[1]!);
      await see(desk.getByRole('heading', { name: '1. Drivers' }));
      await shot(desk, 'step1-drivers');
      await desk.getByRole('button', { name: 'Continue to arrival' }).click();
      const deskTimes = desk.getByLabel('When will you pick the car up?');
      await deskTimes.selectOption((await deskTimes.locator('option').allTextContents())[3]!);
      await shot(desk, 'step2-arrival');
      await desk.getByRole('button', { name: 'Continue to the agreement' }).click();
      await see(desk.getByRole('article', { name: 'Rental agreement' }));
      await shot(desk, 'step3-agreement');
      await desk.getByRole('button', { name: 'Step 4: Payment' }).click();
      await see(desk.getByRole('heading', { name: '4. Payment' }));
      await shot(desk, 'step4-payment');
    },
  );

  test(
    'a walk-in without a password, on a 390 px phone: looks the booking up, opens the e-mailed link, checks in online to the end with its session',
    { timeout: 240_000 },
    async ({ seed, openPage }) => {
      const guest = await walkIn(seed);
      const page = await openPage({ viewport: PHONE, mobile: true, bypassCSP: true });

      // The look-up: reference and last name, the booking read-only, a link e-mailed.
      await page.goto('/booking');
      await see(page.getByRole('heading', { name: 'Find your booking', level: 1 }));
      await page.getByLabel('Booking reference').fill(guest.reference.toLowerCase());
      await page.getByLabel('Last name or e-mail address').fill(guest.lastName.toUpperCase());
      await page.getByRole('button', { name: 'Find my booking' }).click();
      const found = page.getByRole('region', { name: `Booking ${guest.reference}` });
      await see(found.getByText(BOOKING_LOOKUP_MESSAGES.linkSent), 15_000);
      // Check-in is open, from the link only: no button before it.
      const hint = found.getByRole('region', { name: 'Check in online' });
      await see(hint.getByText(/Open the link we e-mailed you/));
      expect(await hint.getByRole('link').count()).toBe(0);
      await fitsTheScreen(page);
      await shot(page, 'link-1-looked-up');

      // The e-mail's link, opened on the phone: the booking with its session, and "Check in online".
      await page.goto(await signInLinkFromMail(seed, guest.email, guest.reference));
      await see(page.getByRole('heading', { name: `Booking ${guest.reference}`, level: 1 }), 15_000);
      const call = page.getByRole('region', { name: 'Check in online' });
      await see(call);
      await fitsTheScreen(page);
      const onCard = await seriousViolations(page);
      expect(onCard, `the signed-in booking: axe-core found\n${describeViolations(onCard)}`).toEqual([]);
      await shot(page, 'link-2-signed-in');
      await call.getByRole('link', { name: 'Check in online' }).click();
      await see(page.getByRole('heading', { name: 'Check in online', level: 1 }));

      // 1. Drivers: the walk-in, typed and approved at the desk.
      const drivers = page.getByRole('region', { name: '1. Drivers' });
      const main = drivers.getByRole('listitem').filter({ hasText: 'Main driver (you)' });
      await see(main.getByText(guest.name));
      await see(main.getByText('Ready'));
      await fitsTheScreen(page);
      const onSteps = await seriousViolations(page);
      expect(onSteps, `the check-in with the link's session: axe-core found\n${describeViolations(onSteps)}`).toEqual([]);
      await shot(page, 'link-3-drivers');
      await page.getByRole('button', { name: 'Continue to arrival' }).click();

      // 2. Arrival.
      const times = page.getByLabel('When will you pick the car up?');
      await see(times);
      await times.selectOption((await times.locator('option').allTextContents())[3]!);
      await page.getByRole('button', { name: 'Continue to the agreement' }).click();

      // 3. The agreement, the code from the e-mail, the signature: all with the link's session.
      const agreement = page.getByRole('article', { name: 'Rental agreement' });
      await see(agreement);
      await expect.poll(() => agreement.textContent()).toContain(guest.name);
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await see(page.getByText(/Code sent to d•••@example\.com/));
      const code = await codeFromMail(seed, guest.email, 0);
      await page.getByLabel('The 6-digit code from the e-mail').fill(code);
      await drawSignature(page, page.getByRole('img', { name: 'Your signature' }));
      await see(page.getByText('Signed.', { exact: true }));
      await shot(page, 'link-4-signing');
      const signed = page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith('/online-check-in') && r.request().method() === 'POST', {
        timeout: 30_000,
      });
      await page.getByRole('button', { name: 'Sign the agreement' }).click();
      expect((await signed).status()).toBe(200);

      // 4. Payment: how to pay into the bank with the reference; no card page the session could not open.
      await see(page.getByText('Checked in online').first(), 20_000);
      const payment = page.getByRole('region', { name: '4. Payment' });
      await see(payment.getByText('Pay it into our bank account with your booking reference, or at the counter.'));
      expect(await payment.getByRole('button', { name: /Pay by card/ }).count()).toBe(0);
      await fitsTheScreen(page);
      await shot(page, 'link-5-payment-checked-in');

      // Back on the looked-up booking: checked in, and the signed agreement opens with the session.
      await page.getByRole('link', { name: `Booking ${guest.reference}` }).click();
      const done = page.getByRole('region', { name: 'Checked in online' });
      await see(done, 15_000);
      await opensSignedAgreement(page, done);
      await fitsTheScreen(page);
      await shot(page, 'link-6-looked-up-checked-in');

      // The same looked-up booking on a desktop, through a new link: checked in, the agreement there.
      const desk = await openPage({ viewport: DESKTOP });
      await desk.goto('/booking');
      await desk.getByLabel('Booking reference').fill(guest.reference);
      await desk.getByLabel('Last name or e-mail address').fill(guest.email);
      await desk.getByRole('button', { name: 'Find my booking' }).click();
      await see(desk.getByRole('region', { name: `Booking ${guest.reference}` }), 15_000);
      await shot(desk, 'link-1-looked-up');
      await expect
        .poll(
          async () =>
            (await typedApi(seed.baseUrl, seed.owner.token).call('ownerOutbox')).messages.filter(
              (m) => m.recipient === guest.email && m.subject.includes('sign-in link'),
            ).length,
          {
            timeout: 20_000,
          },
        )
        .toBeGreaterThan(1);
      await desk.goto(await signInLinkFromMail(seed, guest.email, guest.reference));
      await see(desk.getByRole('region', { name: 'Checked in online' }), 15_000);
      await shot(desk, 'link-6-looked-up-checked-in');
      await desk.goto(`/my-bookings/${guest.reference}/check-in`);
      await see(desk.getByRole('heading', { name: '4. Payment' }), 15_000);
      await shot(desk, 'link-5-payment-checked-in');
    },
  );
});
