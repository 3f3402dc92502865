/**
 * The desk's two minutes (decision 125), on 390 px phones: a customer checks in online for today's
 * pickup (the agreement signed with a finger after the code from the e-mail); an agent opens the
 * desk, sees "Checked in online", and hands the car over with only the car's readings, the walk
 * round, the keys, the deposit and their signature. The test counts every tap and typed field from
 * "Check out" to "On rent" (at most 12), reads the condition appendix back as text, and checks that
 * the verify call says valid for it; the agreement signed online is the same file after, ends with
 * its signing certificate, checks valid, and a copy with one byte changed does not. Screens at 390
 * and 1280 px in /tmp/desk-shots/.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHECKED_IN_ONLINE_WORDS } from '@rental/contract/checkedInOnline';
import { fuelWords } from '@rental/contract/counter';
import { companyToday } from '@rental/contract/rentalDates';
import type { Locator, Page, Response } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { counterAgent } from '../support/invitations';
import { pngFile } from '../support/png';
import { uploadDriverDocuments } from '../support/documents';
import type { Seed } from '../support/seed';
import { fitsTheScreen, screenshots } from '../support/shots';
import { drawSignature, see } from '../support/ui';

const shot = screenshots('/tmp/desk-shots');
const ODOMETER_OUT = 31_420;
const FUEL_OUT = 7;
const MOST_TAPS = 12;

type Prepared = { token: string; email: string; name: string; reference: string; bookingId: string; plate: string };

/** A customer with licence and documents, and their booking of today confirmed: through the API. */
async function customerWithBooking(seed: Seed, first: string, tag: string, carId: string): Promise<Omit<Prepared, 'plate'>> {
  const api = apiClient(seed.baseUrl);
  const name = `${first} ${tag}`;
  const email = `${first.split(' ')[0]!.toLowerCase()}.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const token = await api.register(name, email, 'Quick-pass-2024', '876 555 0177');
  await typedApi(seed.baseUrl, token).call('saveDriver', {
    body: {
      licenceNumber: `JM 883 ${Math.floor(100 + Math.random() * 900)} 554`,
      licenceCountry: 'Jamaica',
      licenceIssued: '2011-03-01',
      licenceExpires: '2032-03-01',
      dateOfBirth: '1987-07-21',
    },
  });
  await uploadDriverDocuments(seed.baseUrl, '/api/user/documents', token);
  const today = companyToday();
  const booking = await api.createBooking(token, { car: carId, pickupDate: today, returnDate: today, paymentMethod: 'upfront' });
  await api.changeStatus(seed.owner.token, booking._id, 'confirmed');
  return { token, email, name, reference: booking.reference, bookingId: booking._id };
}

const addCar = (seed: Seed, plate: string, odometerKm: number) =>
  apiClient(seed.baseUrl).addCar(
    seed.owner.token,
    {
      location: 'Waterford, Portmore',
      brand: 'Nissan',
      model: 'Note',
      year: 2023,
      pricePerDay: 5200,
      category: 'Hatchback',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'A car for the quick handover journey.',
      plate,
      odometerKm,
    },
    pngFile('note.png', [150, 40, 40]),
  );

/**
 * The customer of the journey: approved, and paid before pickup (a bank deposit the company received),
 * so only the security deposit is left for the counter.
 */
async function prepare(seed: Seed): Promise<Prepared> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const tag = seed.runId.slice(-5).toUpperCase();
  const plate = `DK ${tag}`;
  const car = await addCar(seed, plate, 31_400);
  const customer = await customerWithBooking(seed, 'Damion Quick', tag, car._id);
  const waiting = (await owner.call('vetting')).customers.find((c) => c.email === customer.email);
  await owner.call('decideVetting', { body: { userId: waiting!._id, decision: 'approved' } });
  await owner.call('changePaymentStatus', { body: { bookingId: customer.bookingId, paymentStatus: 'paid', method: 'bank_deposit' } });
  return { ...customer, plate };
}

/** Another pickup of today checked in online through the API, its driver still waiting for the company's check and its balance owing. */
async function waitingPickup(seed: Seed): Promise<Omit<Prepared, 'plate'>> {
  const tag = seed.runId.slice(-5).toUpperCase();
  const car = await addCar(seed, `DW ${tag}`, 12_000);
  const customer = await customerWithBooking(seed, 'Shanelle Waiting', tag, car._id);
  const api = typedApi(seed.baseUrl, customer.token);
  await api.call('sendCheckInCode', { params: { id: customer.bookingId } });
  const code = await codeFromOutbox(seed, customer.email);
  const signature = `data:image/png;base64,${Buffer.from(pngFile('signature.png', [20, 20, 20]).buffer).toString('base64')}`;
  await api.call('completeCheckIn', { params: { id: customer.bookingId }, body: { pickupTime: '12:00', code, signature } });
  return customer;
}

async function codeFromOutbox(seed: Seed, email: string): Promise<string> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  let code = '';
  await expect
    .poll(
      async () => {
        const mail = (await owner.call('ownerOutbox')).messages.find((m) => m.recipient === email && m.subject.startsWith('Your check-in code'));
        code = /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, message: 'the code e-mail is sent' },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The customer's online check-in on their phone: the steps, the code read from the e-mail, the signature. */
async function checkInOnline(seed: Seed, page: Page, prepared: Prepared): Promise<void> {
  await page.goto(`/my-bookings/${prepared.reference}`);
  await page.getByRole('region', { name: 'Check in online' }).getByRole('link', { name: 'Check in online' }).click();
  await page.getByRole('button', { name: 'Continue to arrival' }).click();
  const times = page.getByLabel('When will you pick the car up?');
  await times.selectOption((await times.locator('option').allTextContents()).at(-1)!);
  await page.getByRole('button', { name: 'Continue to the agreement' }).click();
  await see(page.getByRole('article', { name: 'Rental agreement' }));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await codeFromOutbox(seed, prepared.email);
  await page.getByLabel('The 6-digit code from the e-mail').fill(code);
  await drawSignature(page, page.getByRole('img', { name: 'Your signature' }));
  const signed = page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith('/online-check-in') && r.request().method() === 'POST', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  expect((await signed).status()).toBe(200);
  await see(page.getByText('Checked in online').first(), 20_000);
}

/** From here on, every tap on the page (one pointer press each) and every text field typed into is counted. */
async function startCounting(page: Page): Promise<void> {
  await page.evaluate(() => {
    const counted = { taps: 0, typed: new Set<string>() };
    Object.assign(window, { counted });
    document.addEventListener('pointerdown', () => (counted.taps += 1), true);
    document.addEventListener(
      'input',
      (event) => {
        const field = event.target as HTMLInputElement | HTMLTextAreaElement;
        if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && ['text', 'search', 'tel', 'number', 'email'].includes(field.type)))
          counted.typed.add(field.id || field.name);
      },
      true,
    );
  });
}

const countedSoFar = (page: Page) =>
  page.evaluate(() => {
    const { counted } = window as unknown as { counted: { taps: number; typed: Set<string> } };
    return { taps: counted.taps, typed: [...counted.typed] };
  });

/** What a blob: link of the page holds, fetched within the page. */
async function fileBehindLink(page: Page, link: Locator): Promise<Buffer> {
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^blob:/);
  const base64 = await page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, href);
  return Buffer.from(base64, 'base64');
}

function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'desk-pdf-')), 'condition.pdf');
  writeFileSync(file, pdf);
  const read = spawnSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  return read.stdout.replace(/\s+/g, ' ');
}

describe('the desk for a customer checked in online', () => {
  test(
    'on 390 px phones: checked in online, then an agent hands the car over from "Check out" to "On rent" in at most 12 taps',
    { timeout: 300_000 },
    async ({ seed, openPage }) => {
      const prepared = await prepare(seed);
      const waiting = await waitingPickup(seed);
      const customer = await openPage({ token: prepared.token, viewport: PHONE, mobile: true });
      await checkInOnline(seed, customer, prepared);
      const agreementBefore = await fetch(`${seed.baseUrl}/api/bookings/${prepared.bookingId}/agreement.pdf`, { headers: { Authorization: prepared.token } });
      expect(agreementBefore.status).toBe(200);
      const agreementBytes = Buffer.from(await agreementBefore.arrayBuffer());

      const agent = await counterAgent(seed.baseUrl, seed.owner.token, seed.runId);
      // CSP bypassed only to read the appendix's blob: link back within the page.
      const staff = await openPage({ token: agent.token, viewport: PHONE, mobile: true, bypassCSP: true });
      await staff.goto('/owner/desk');
      const card = staff.getByRole('article').filter({ hasText: prepared.reference });
      await see(card, 15_000);
      await see(card.getByText(CHECKED_IN_ONLINE_WORDS.badge, { exact: true }));
      await see(card.getByText(/\(Jamaica time\)$/));
      await see(card.getByText(CHECKED_IN_ONLINE_WORDS.ready));
      await see(card.getByRole('list', { name: 'Still waiting for' }).getByText(new RegExp(`^${CHECKED_IN_ONLINE_WORDS.deposit}`)));
      // Who is not a quick handover yet: the driver's check, and the balance, said on their card.
      const waitingCard = staff.getByRole('article').filter({ hasText: waiting.reference });
      const waitedFor = waitingCard.getByRole('list', { name: 'Still waiting for' });
      await see(waitedFor.getByText(CHECKED_IN_ONLINE_WORDS.vetting));
      await see(waitedFor.getByText(new RegExp(`^${CHECKED_IN_ONLINE_WORDS.balance}: \\$`)));
      expect(await waitingCard.getByText(CHECKED_IN_ONLINE_WORDS.ready).count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await fitsTheScreen(staff);
      await shot(staff, 'desk-390');

      // The desktop: the same desk, and the short check-out, looked at before the phone's handover.
      const office = await openPage({ token: seed.owner.token, viewport: DESKTOP });
      await office.goto('/owner/desk');
      await see(office.getByRole('article').filter({ hasText: prepared.reference }).getByText(CHECKED_IN_ONLINE_WORDS.badge, { exact: true }), 15_000);
      await shot(office, 'desk-1280');
      await office.goto(`/owner/desk/${prepared.bookingId}/check-out`);
      await see(office.getByRole('button', { name: 'Hand over the keys' }), 15_000);
      await shot(office, 'short-check-out-1280');
      await office.close();

      await startCounting(staff);
      await card.getByRole('link', { name: 'Check out' }).click();
      await see(staff.getByText(/^Checked in online at /), 15_000);
      const form = await see(staff.getByRole('form', { name: 'Check-out' }), 15_000);
      // Only what the counter alone can do: no licence, no agreement to show, no customer's signature.
      expect(await form.getByLabel(/Licence number/).count()).toBe(0);
      expect(await form.getByRole('button', { name: 'Show the agreement' }).count()).toBe(0);
      expect(await form.getByRole('img', { name: `${prepared.name}'s signature` }).count()).toBe(0);
      await shot(staff, 'short-check-out-390-top');

      const odometer = form.getByLabel('Odometer (km)');
      await odometer.click();
      await odometer.fill(String(ODOMETER_OUT));
      await form.locator('label', { has: staff.getByRole('radio', { name: fuelWords(FUEL_OUT) }) }).click();
      await form.getByRole('checkbox', { name: /I walked round the car/ }).check();
      await form.getByRole('checkbox', { name: `Keys handed over to ${prepared.name}` }).check();
      await form
        .getByRole('region', { name: 'Security deposit taken' })
        .locator('label')
        .filter({ hasText: /^Card$/ })
        .click();
      await drawSignature(staff, form.getByRole('img', { name: 'Staff signature' }));
      await see(form.getByText('Signed.', { exact: true }));
      await fitsTheScreen(staff);
      await shot(staff, 'short-check-out-390-filled');
      await form.getByRole('button', { name: 'Hand over the keys' }).click();
      await see(staff.getByRole('status').getByText('On rent', { exact: true }), 30_000);

      const counted = await countedSoFar(staff);
      expect(counted.typed, 'only the odometer is typed').toEqual(['check-out-odometer']);
      expect(counted.taps + counted.typed.length, `taps ${counted.taps} and typed fields ${counted.typed.length}`).toBeLessThanOrEqual(MOST_TAPS);
      console.info(`From "Check out" to "On rent": ${counted.taps} taps and ${counted.typed.length} typed field(s).`);
      await fitsTheScreen(staff);
      await shot(staff, 'on-rent-390');

      // The condition appendix: read back as text, and valid for the verify call.
      const appendixLink = await see(staff.getByRole('link', { name: CHECKED_IN_ONLINE_WORDS.appendix }), 20_000);
      const appendix = await fileBehindLink(staff, appendixLink);
      writeFileSync('/tmp/desk-shots/condition.pdf', appendix);
      const text = pdfText(appendix);
      for (const words of [
        'Condition at handover',
        prepared.reference,
        prepared.plate,
        ODOMETER_OUT.toLocaleString('en-US'),
        fuelWords(FUEL_OUT),
        'Keys',
        'Kemar Counter',
        'Signing certificate',
      ])
        expect(text).toContain(words);
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(appendix)], { type: 'application/pdf' }), 'condition.pdf');
      const verified = await (await fetch(`${seed.baseUrl}/api/agreements/verify`, { method: 'POST', body })).json();
      expect(verified).toMatchObject({ valid: true, reference: prepared.reference });

      // The agreement signed online is the same file after the handover.
      const agreementAfter = await fetch(`${seed.baseUrl}/api/bookings/${prepared.bookingId}/agreement.pdf`, { headers: { Authorization: prepared.token } });
      expect(Buffer.from(await agreementAfter.arrayBuffer()).equals(agreementBytes)).toBe(true);
      // It ends with its signing certificate, checks as valid, and a copy with one byte changed does not.
      expect(pdfText(agreementBytes)).toContain('Signing certificate');
      const check = async (bytes: Buffer) => {
        const upload = new FormData();
        upload.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'agreement.pdf');
        return (await (await fetch(`${seed.baseUrl}/api/agreements/verify`, { method: 'POST', body: upload })).json()) as {
          valid: boolean;
          reference?: string;
        };
      };
      expect(await check(agreementBytes)).toMatchObject({ valid: true, reference: prepared.reference });
      const changed = Buffer.from(agreementBytes);
      const middle = Math.floor(changed.length / 2);
      changed[middle] = changed[middle]! ^ 0x01;
      expect((await check(changed)).valid).toBe(false);

      // The customer's booking page offers the appendix too.
      await customer.goto(`/my-bookings/${prepared.reference}`);
      await see(customer.getByRole('button', { name: CHECKED_IN_ONLINE_WORDS.appendix }), 15_000);
    },
  );
});
