/**
 * The counter at the lot, on a staff member's 390 px phone: a confirmed booking of today on the
 * desk with its plate; the check-out (licence typed, odometer, fuel, the walk round the car with a
 * damage photographed by the phone's camera, an item, the deposit, both signatures drawn with a
 * finger) and the signed agreement; then a return a day late with fuel missing and the item not
 * ticked back, on the same car drawing showing the damage pinned, its charges live as staff type, the server's charges, the deposit and the receipt; the customer's booking page showing
 * both. Screens are saved under /tmp/counter-shots/ to be looked at.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COUNTER_MESSAGES, COUNTER_PHOTO_MAX_PX, fuelWords } from '@rental/contract/counter';
import { VETTING_STATUS_WORDS } from '@rental/contract/constants';
import { companyToday } from '@rental/contract/rentalDates';
import type { CheckedInResponse, CompanySettings } from '@rental/contract/schemas';
import type { Locator, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { apiClient, typedApi } from '../support/api';
import { describeViolations, seriousViolations } from '../support/axe';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import type { Seed } from '../support/seed';
import { fitsTheScreen, screenshots } from '../support/shots';
import { drawSignature, expectPath, formatMoney, see, statusHue } from '../support/ui';

const shot = screenshots('/tmp/counter-shots');
const LICENCE = 'JM 772 104 339';
const ODOMETER_AT_LOT = 42_000;
const ODOMETER_OUT = 42_150;
const ODOMETER_IN = 42_270;
const FUEL_OUT = 8;
const FUEL_IN = 6;
const DAMAGE = 'Scratch on the front bumper, 10 cm';
const ITEM = 'Spare tyre';
const DEPOSIT_REFERENCE = 'Slip 20417';
const ADDRESS = '9 Sunflower Crescent, Waterford, Portmore';

async function noAccessibilityProblems(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${what}: axe-core found\n${describeViolations(violations)}`).toEqual([]);
}

/** A phone camera's photo: a real JPEG wider than the counter keeps, so the page has to make it smaller. */
async function cameraJpeg(): Promise<Buffer> {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500"><rect width="2000" height="1500" fill="#b43c28"/><rect y="600" width="2000" height="300" fill="#e0e0e0"/></svg>`,
  );
  return sharp(stripes).jpeg({ quality: 85 }).toBuffer();
}

/** The PDF a blob: link of the page leads to, read within the page (the link holds the file fetched with the session). */
async function pdfBehindLink(page: Page, link: Locator): Promise<Buffer> {
  const href = (await link.getAttribute('href')) ?? '';
  expect(href, 'the link leads to the file fetched with the session').toMatch(/^blob:/);
  const base64 = await page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, href);
  return Buffer.from(base64, 'base64');
}

/** The words of a PDF, as pdftotext reads them. */
function pdfText(pdf: Buffer, name: string): string {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'counter-pdf-')), name);
  writeFileSync(file, pdf);
  const read = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(read.status, `pdftotext could not read ${name}: ${read.stderr}`).toBe(0);
  return read.stdout.replace(/\s+/g, ' ');
}

/** A paper opened in a new tab by the page: the tab opens and is given the PDF the server answered. */
async function opensPdfInTab(page: Page, button: Locator, route: RegExp): Promise<void> {
  const fetched = page.waitForResponse((r: Response) => route.test(new URL(r.url()).pathname) && r.request().method() === 'GET', { timeout: 20_000 });
  const tab = page.context().waitForEvent('page', { timeout: 20_000 });
  await button.click();
  const [response, opened] = await Promise.all([fetched, tab]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  await expect.poll(() => opened.url(), { message: 'the new tab should be given the PDF' }).toMatch(/^blob:/);
  await opened.close();
}

/** A paper of the booking as the API gives it to a session (the page sends the same token). */
async function paperFromApi(seed: Seed, token: string, bookingId: string, paper: 'agreement' | 'receipt'): Promise<Buffer> {
  const response = await fetch(`${seed.baseUrl}/api/bookings/${bookingId}/${paper}.pdf`, { headers: { Authorization: token } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

type Prepared = { reference: string; bookingId: string; plate: string; carName: string; customer: { name: string; email: string; password: string } };

/** A car with a plate, a customer approved as a driver, their booking of today confirmed by staff: all through the API. */
async function prepare(seed: Seed): Promise<Prepared> {
  const api = apiClient(seed.baseUrl);
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const today = companyToday();
  const tag = seed.runId.slice(-5).toUpperCase();
  const plate = `CT ${tag}`;
  const car = await api.addCar(
    seed.owner.token,
    {
      location: 'Waterford, Portmore',
      brand: 'Kia',
      model: 'Rio',
      year: 2023,
      pricePerDay: 5800,
      category: 'Hatchback',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'A small car for the counter journey.',
      plate,
      odometerKm: ODOMETER_AT_LOT,
    },
    pngFile('rio.png', [60, 60, 180]),
  );
  const customer = {
    name: `Tamika Counter ${tag}`,
    email: `tamika.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: 'Counter-pass-2024',
  };
  const token = await api.register(customer.name, customer.email, customer.password, '876 555 0142');
  await typedApi(seed.baseUrl, token).call('saveDriver', {
    body: { licenceNumber: LICENCE, licenceCountry: 'Jamaica', licenceIssued: '2015-04-02', licenceExpires: '2030-04-02', dateOfBirth: '1988-03-09' },
  });
  const waiting = (await owner.call('vetting')).customers.find((c) => c.email === customer.email);
  expect(waiting, 'the customer waits to be checked once their details are saved').toBeTruthy();
  await owner.call('decideVetting', { body: { userId: waiting!._id, decision: 'approved' } });
  const booking = await api.createBooking(token, { car: car._id, pickupDate: today, returnDate: today, paymentMethod: 'upfront' });
  await api.changeStatus(seed.owner.token, booking._id, 'confirmed');
  return { reference: booking.reference, bookingId: booking._id, plate, carName: `${car.brand} ${car.model}`, customer };
}

/**
 * The company's "Cars due back by" at midnight with no grace, so a car back today is a day late;
 * every other setting kept, and all put back afterwards for the other journeys.
 */
async function withMidnightReturns(seed: Seed, journey: () => Promise<void>): Promise<void> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const before: CompanySettings = (await owner.call('staffCompany')).company;
  try {
    await owner.call('updateCompany', { body: { ...before, returnTime: '00:00', gracePeriodMinutes: 0 } });
    await journey();
  } finally {
    await owner.call('updateCompany', { body: before });
  }
}

/** The rows of a charges table as shown: each row's words and amount. */
async function chargeRows(table: Locator): Promise<string[][]> {
  return table.getByRole('row').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())));
}

async function checkOut(seed: Seed, staff: Page, prepared: Prepared): Promise<void> {
  const { reference, customer } = prepared;
  await see(staff.getByRole('heading', { level: 1, name: `Check-out ${reference}` }), 15_000);
  const form = await see(staff.getByRole('form', { name: 'Check-out' }), 15_000);

  await form.getByLabel(`Licence number on ${customer.name}'s card`).fill(LICENCE.toLowerCase());
  await see(form.getByText("Matches the customer's driver details."));
  await form.getByLabel(`${customer.name}'s address`).fill(ADDRESS);

  const readings = form.getByRole('region', { name: 'Odometer and fuel' });
  await readings.getByLabel('Odometer (km)').fill(String(ODOMETER_OUT));
  await readings.locator('label', { has: staff.getByRole('radio', { name: fuelWords(FUEL_OUT) }) }).click();
  await see(readings.getByText(`Fuel: ${fuelWords(FUEL_OUT)}.`));

  const damages = form.getByRole('region', { name: 'Damages' });
  await damages.getByRole('checkbox', { name: /I walked round the car/ }).check();
  // The front of the car, tapped where the damage is: a pin there, named in words.
  await damages.getByRole('button', { name: 'Front', exact: true }).click();
  await damages.getByTestId('diagram-surface').click({ position: { x: 80, y: 70 } });
  await see(damages.getByRole('button', { name: 'Damage 1, new: not described yet (front)' }));
  await see(damages.getByText('New damage 1: Front'));
  await damages.getByLabel('What is the damage (front)?').fill(DAMAGE);
  await damages.getByLabel('Take a photo (front)').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() });
  // The 2000 px photo is made at most COUNTER_PHOTO_MAX_PX wide on the phone before it is sent.
  const preview = await see(damages.getByRole('img', { name: 'New damage 1, front' }), 15_000);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(COUNTER_PHOTO_MAX_PX);

  await form.getByRole('region', { name: 'Items handed over' }).getByRole('checkbox', { name: ITEM }).check();

  // The balance is paid with the keys, by card; then the security deposit, held until the return.
  const payment = form.getByRole('region', { name: 'Payment' });
  await payment
    .locator('label')
    .filter({ hasText: /^Paid now$/ })
    .click();
  await payment
    .locator('label')
    .filter({ hasText: /^Card$/ })
    .click();
  expect(await payment.getByRole('radio', { name: 'Card' }).isChecked()).toBe(true);

  const deposit = form.getByRole('region', { name: 'Security deposit taken' });
  const depositAmount = await deposit.getByLabel(/^Security deposit taken/).inputValue();
  expect(depositAmount, 'the deposit is filled in from the booking').toMatch(/^\d[\d,]*$/);
  await deposit
    .locator('label')
    .filter({ hasText: /^Card$/ })
    .click();
  expect(await deposit.getByRole('radio', { name: 'Card' }).isChecked()).toBe(true);
  await deposit.getByLabel('Reference (optional)').fill(DEPOSIT_REFERENCE);

  // The customer reads the whole agreement before the pads appear.
  await form.getByRole('region', { name: 'The rental agreement' }).getByRole('button', { name: 'Show the agreement' }).click();
  await see(form.getByRole('article', { name: 'Rental agreement' }).getByText(ADDRESS), 20_000);

  const signatures = form.getByRole('region', { name: 'Signatures' });
  await drawSignature(staff, signatures.getByRole('img', { name: `${customer.name}'s signature` }));
  await expect.poll(() => signatures.getByText('Signed.', { exact: true }).count()).toBe(1);
  await drawSignature(staff, signatures.getByRole('img', { name: 'Staff signature' }));
  await expect.poll(() => signatures.getByText('Signed.', { exact: true }).count()).toBe(2);

  await fitsTheScreen(staff);
  await noAccessibilityProblems(staff, 'the check-out filled in');
  await shot(staff, 'check-out-filled');

  await form.getByRole('button', { name: 'Hand over the keys' }).click();
  await see(staff.getByRole('status').filter({ hasText: COUNTER_MESSAGES.checkedOut }), 30_000);
  const agreementLink = await see(staff.getByRole('link', { name: 'Open the rental agreement (PDF)' }), 20_000);
  await fitsTheScreen(staff);
  await shot(staff, 'check-out-done');

  // What the link holds is the signed agreement: its words read back.
  const agreement = pdfText(await pdfBehindLink(staff, agreementLink), 'agreement.pdf');
  for (const words of [reference, prepared.plate, customer.name, ADDRESS, ODOMETER_OUT.toLocaleString('en-US'), DAMAGE, ITEM, DEPOSIT_REFERENCE])
    expect(agreement).toContain(words);
  // And a tap opens it in a new tab.
  const tab = staff.context().waitForEvent('page', { timeout: 20_000 });
  await agreementLink.click();
  await (await tab).close();

  const recorded = (await typedApi(seed.baseUrl, seed.owner.token).call('counterBooking', { params: { id: prepared.bookingId } })).booking;
  expect(recorded.status).toBe('on_rent');
  expect(recorded.counter.checkOut).toMatchObject({
    odometerKm: ODOMETER_OUT,
    fuelEighths: FUEL_OUT,
    items: [ITEM],
    deposit: { method: 'card', reference: DEPOSIT_REFERENCE },
  });
  expect(recorded.counter.checkOut!.deposit.amount).toBe(Number(depositAmount.replace(/,/g, '')));
  expect(recorded.counter.checkOut!.damages.map((d) => [d.zone, d.description, d.photo !== null])).toEqual([['front', DAMAGE, true]]);
}

async function checkIn(seed: Seed, staff: Page, prepared: Prepared): Promise<CheckedInResponse> {
  const { reference } = prepared;
  await see(staff.getByRole('heading', { level: 1, name: 'Check in' }), 15_000);
  await see(staff.getByText(`${prepared.carName} · ${prepared.plate}`));
  await see(staff.getByText(`${ODOMETER_OUT.toLocaleString('en-US')} km`, { exact: true }));

  await staff.getByLabel('Odometer now (km)').fill(String(ODOMETER_IN));
  const fuel = staff.getByRole('group', { name: 'Fuel now' });
  await fuel.locator('label', { has: staff.getByRole('radio', { name: fuelWords(FUEL_IN) }) }).click();
  await see(fuel.getByText(`${fuelWords(FUEL_IN)}. At check-out: ${fuelWords(FUEL_OUT).toLowerCase()}.`));

  // The same drawing as at check-out, the damage noted then pinned where it was tapped; nothing new this time.
  const damages = staff.getByRole('region', { name: 'Damages' });
  await see(damages.getByRole('list', { name: 'Damages already noted' }).getByText(DAMAGE));
  await damages.getByRole('button', { name: 'Front, 1 damage' }).click();
  await see(damages.getByRole('button', { name: `Damage 1, already noted: ${DAMAGE} (front)` }));
  // The item handed over is not ticked until the agent ticks it: left unticked, it is recorded as not returned.
  const itemsBack = staff.getByRole('region', { name: 'Items handed over' });
  expect(await itemsBack.getByRole('checkbox', { name: ITEM }).isChecked()).toBe(false);
  await see(itemsBack.getByText(`Not ticked, so recorded as not returned: ${ITEM}`));

  // The charges as staff type: a day late, two eighths of fuel, GCT on them.
  const panel = staff.getByRole('region', { name: 'Charges so far' });
  const table = panel.getByRole('table', { name: 'Charges of this return' });
  await see(table.getByRole('rowheader', { name: /^Late return: 1 extra day at / }));
  await see(table.getByRole('rowheader', { name: 'Fuel: 2 eighths of a tank missing' }));
  await see(table.getByRole('rowheader', { name: /^GCT / }));
  const live = await chargeRows(table);
  await fitsTheScreen(staff);
  await noAccessibilityProblems(staff, 'the check-in with its charges');
  await shot(staff, 'check-in-live-charges');

  const saved = staff.waitForResponse((r) => new URL(r.url()).pathname === `/api/bookings/${prepared.bookingId}/check-in` && r.request().method() === 'POST', {
    timeout: 30_000,
  });
  await staff.getByRole('button', { name: 'Check in and e-mail the receipt' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as CheckedInResponse;

  const done = await see(staff.getByRole('region', { name: `${reference} is back` }), 20_000);
  await see(done.getByText(COUNTER_MESSAGES.checkedIn));
  expect(answer.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
  await see(done.getByText(`Receipt ${answer.receiptNumber}`));
  expect(answer.charges.map((c) => c.kind)).toEqual(['late', 'fuel', 'gct']);
  expect(answer.itemsMissing).toEqual([ITEM]);
  await see(done.getByRole('heading', { name: 'Not returned' }));
  // What the page worked out as staff typed is what the server saved.
  const total = live.pop();
  expect(live).toEqual(answer.charges.map((c) => [c.label, formatMoney(c.amount)]));
  expect(total?.[0]).toBe('Total charges');
  const shown = done.getByRole('list', { name: 'Charges' }).getByRole('listitem');
  await expect
    .poll(() => shown.evaluateAll((items) => items.map((li) => [...li.children].map((s) => (s.textContent ?? '').trim()))))
    .toEqual(answer.charges.map((c) => [c.label, formatMoney(c.amount)]));
  const amountOf = (term: string) =>
    done
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  expect(await amountOf('Total charges').textContent()).toBe(total?.[1]);
  expect(await amountOf('Security deposit kept').textContent()).toBe(formatMoney(answer.depositKept));
  expect(await amountOf('Security deposit to give back').textContent()).toBe(formatMoney(answer.depositRefunded));
  expect(await amountOf('Still owed by the customer').textContent()).toBe(formatMoney(answer.owing));
  await fitsTheScreen(staff);
  await shot(staff, 'check-in-done');

  await opensPdfInTab(staff, done.getByRole('link', { name: 'Open the receipt (PDF)' }), /\/receipt\.pdf$/);
  const receipt = pdfText(await paperFromApi(seed, seed.owner.token, prepared.bookingId, 'receipt'), 'receipt.pdf');
  for (const words of [answer.receiptNumber, reference, prepared.plate, `Not returned ${ITEM}`]) expect(receipt).toContain(words);
  return answer;
}

describe('the counter', () => {
  test('on a 390 px phone: the desk, keys out with a photographed damage and both signatures, keys back a day late with fuel missing, the customer’s record', async ({
    openPage,
    seed,
  }) => {
    const prepared = await prepare(seed);
    const { reference, bookingId, plate, carName, customer } = prepared;
    const owner = typedApi(seed.baseUrl, seed.owner.token);

    // The desk: today's pickup with its plate and the driver approved.
    const staff = await openPage({ viewport: PHONE, mobile: true, token: seed.owner.token, bypassCSP: true });
    await staff.goto('/owner/desk');
    const pickups = staff.getByRole('region', { name: /^Pickups today/ });
    const pickup = await see(pickups.getByRole('article', { name: reference }), 15_000);
    await see(pickup.getByText(`${carName} · ${plate}`));
    await see(pickup.getByText(customer.name));
    await see(pickup.getByText(`Driver check: ${VETTING_STATUS_WORDS.approved}`, { exact: true }));
    await fitsTheScreen(staff);
    await noAccessibilityProblems(staff, 'the desk');
    await shot(staff, 'desk-before');

    // The same desk and check-out page at the office's 1280 px screen.
    const office = await openPage({ viewport: DESKTOP, token: seed.owner.token });
    await office.goto('/owner/desk');
    await see(office.getByRole('region', { name: /^Pickups today/ }).getByRole('article', { name: reference }), 15_000);
    await shot(office, 'desk');
    await office.goto(`/owner/desk/${bookingId}/check-out`);
    await see(office.getByRole('button', { name: 'Hand over the keys' }), 15_000);
    await shot(office, 'check-out');
    await office.close();

    await pickup.getByRole('link', { name: 'Check out' }).click();
    await expectPath(staff, `/owner/desk/${bookingId}/check-out`);
    await checkOut(seed, staff, prepared);

    let answer: CheckedInResponse | undefined;
    await withMidnightReturns(seed, async () => {
      await staff.goto('/owner/desk');
      // Where the desk puts the car is the server's call: overdue once past midnight, else a return of today.
      const desk = await owner.call('desk');
      const overdue = desk.overdue.some((b) => b._id === bookingId);
      expect(overdue || desk.returns.some((b) => b._id === bookingId), 'the car out on rent is on the desk').toBe(true);
      const list = staff.getByRole('region', { name: overdue ? /^Overdue returns/ : /^Returns today/ });
      const back = await see(list.getByRole('article', { name: reference }), 15_000);
      await see(back.getByText(`${carName} · ${plate}`));
      if (overdue) {
        const due = await see(back.getByText(/^Overdue: /));
        expect(await statusHue(due), 'an overdue car is said in red').toBe('red');
        expect(await statusHue(staff.getByRole('heading', { name: /^Overdue returns/ }))).toBe('red');
      }
      expect(await pickups.getByRole('article', { name: reference }).count(), 'no longer a pickup').toBe(0);
      await fitsTheScreen(staff);
      await shot(staff, 'desk-with-the-return');

      await back.getByRole('link', { name: 'Check in' }).click();
      await expectPath(staff, `/owner/desk/${bookingId}/check-in`);
      answer = await checkIn(seed, staff, prepared);
    });
    const returned = answer!;

    // The customer logs in on their phone and reads what the counter recorded.
    const phone = await openPage({ viewport: PHONE, mobile: true });
    await phone.goto(`/my-bookings/${reference}`);
    await see(phone.getByText(/Please log in to see/), 15_000);
    await phone.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = await see(phone.getByRole('dialog'));
    await dialog.getByLabel('Email').fill(customer.email);
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await see(phone.getByRole('heading', { level: 1, name: `Booking ${reference}` }), 15_000);

    const record = (await owner.call('counterBooking', { params: { id: bookingId } })).booking.counter;
    const pickedUp = await see(phone.getByRole('region', { name: 'Picked up' }), 15_000);
    await see(pickedUp.getByText(`${ODOMETER_OUT.toLocaleString('en-US')} km`));
    await see(pickedUp.getByText(fuelWords(FUEL_OUT), { exact: true }));
    await see(pickedUp.getByText(ITEM, { exact: true }));
    await see(pickedUp.getByText(`Front: ${DAMAGE}`));
    await see(pickedUp.getByRole('button', { name: 'Your rental agreement (PDF)' }));

    const back = await see(phone.getByRole('region', { name: 'Returned' }));
    await see(back.getByText(`${ODOMETER_IN.toLocaleString('en-US')} km`));
    await see(back.getByText(fuelWords(FUEL_IN), { exact: true }));
    const charges = back.getByRole('table', { name: 'Charges of the return' });
    await expect
      .poll(() => chargeRows(charges))
      .toEqual([...returned.charges.map((c) => [c.label, formatMoney(c.amount)]), ['Total', formatMoney(record.checkIn!.chargesTotal)]]);
    const factOf = (term: string) =>
      back
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]');
    expect(await factOf('Security deposit refunded').textContent()).toBe(formatMoney(returned.depositRefunded));
    expect(await factOf('Security deposit kept').textContent()).toBe(formatMoney(returned.depositKept));
    const receiptButton = await see(back.getByRole('button', { name: `Your receipt ${returned.receiptNumber} (PDF)` }));
    await fitsTheScreen(phone);
    await shot(phone, 'customer-booking-record');

    await opensPdfInTab(phone, receiptButton, /\/receipt\.pdf$/);
    // The customer's own session is given the same receipt.
    const customerToken = await apiClient(seed.baseUrl).login(customer.email, customer.password);
    expect(pdfText(await paperFromApi(seed, customerToken, bookingId, 'receipt'), 'customer-receipt.pdf')).toContain(returned.receiptNumber);
  }, 240_000);
});
