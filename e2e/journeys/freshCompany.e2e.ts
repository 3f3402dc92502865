/**
 * A site any company can run (issue 32 item 5, decision 108): a fresh install of the built site,
 * on its own server and empty database, set up through its settings alone by a company in Ocho
 * Rios. The owner sets the site up from the printed address, names the company and its one
 * location, adds a car there; a customer searches Ocho Rios and books it. Every page then shows
 * the company's own name, and none says Waterford or Portmore (the shipped company's).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@rental/contract/client';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { describe, expect, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import { chooseDatesOnCalendar, expectPath, giveThePhoneIfAsked, see, seeToast } from '../support/ui';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COMPANY = 'Ocho Rios Car Hire';
const PLACE = 'Ocho Rios';
/** The shipped company's words: none may be left on another company's pages. */
const SHIPPED_WORDS = /waterford|portmore/i;
const OWNER = { name: 'Delroy Grant', email: 'owner@ochorioscarhire.example', password: 'Ocho-Rios-pass-2026' };

let server: ChildProcess | undefined;
let dataDir = '';
let baseUrl = '';
/** The one-time owner setup address the fresh server prints (never in its log). */
let setupAddress: Promise<string>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'rental-fresh-'));
  // A bare install: no owner, no demo, no card provider; nothing of the journeys' own server.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_FORMAT: 'json',
    TRUST_PROXY: '127.0.0.1',
  };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'OWNER_EMAIL',
    'OWNER_PASSWORD',
    'JWT_SECRET',
    'PAYMENT_PROVIDER',
    'DEMO',
    'SMTP_URL',
    'COMPANY_EMAIL',
    'MAIL_FROM',
  ])
    delete env[name];
  const started = spawn(process.execPath, [path.join(ROOT, 'packages/server/dist/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = started;
  let printed = '';
  setupAddress = new Promise((resolve, reject) => {
    started.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /https?:\/\/\S+\/setup\?token=[\w-]+/.exec(printed);
      if (found) resolve(found[0]);
    });
    started.once('exit', (code) => reject(new Error(`the fresh server stopped (exit ${code}):\n${printed}`)));
  });
  started.stderr.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  await setupAddress;
}, 90_000);

afterAll(async () => {
  const running = server;
  if (running && running.exitCode === null) {
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** What a person sees of the company on this page: its name in the title and the header, never the shipped company's. */
async function showsItsOwnName(page: Page, where: string) {
  await expect.poll(() => page.title(), { message: `title of ${where}` }).toContain(COMPANY);
  await see(page.getByRole('link', { name: `${COMPANY} – home` }).first());
  const text = await page.locator('body').innerText();
  expect(text, `words of ${where}`).not.toMatch(SHIPPED_WORDS);
  expect(await page.content(), `HTML of ${where}`).not.toMatch(SHIPPED_WORDS);
}

/** A page of the fresh site with a session in its storage (the fixtures' token is the journeys' server's). */
async function signedIn(page: Page, token: string) {
  await page.goto(`${baseUrl}/about-us`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

describe('a fresh install for a company in Ocho Rios', () => {
  let ownerToken = '';
  let carId = '';

  test('the owner sets the site up, names the company and its location in the settings, and adds a car there', async ({ openPage }) => {
    const page = await openPage();
    await page.goto(await setupAddress);
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByLabel('Password again', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    ownerToken = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';

    await page.goto(`${baseUrl}/owner/settings`);
    const form = page.getByRole('form', { name: 'Company settings' });
    await form.getByLabel('Company name').fill(COMPANY);
    await form.getByLabel('Phone').fill('+1 (876) 555-0199');
    await form.getByLabel('E-mail').fill('hello@ochorioscarhire.example');
    await form.getByLabel('Address', { exact: true }).fill('Main Street, Ocho Rios, St. Ann, Jamaica');
    await form.getByLabel('WhatsApp chat link').fill('https://wa.me/18765550199');
    await form.getByLabel('Map link').fill('https://www.google.com/maps?q=Ocho%20Rios%2C%20Jamaica&output=embed');
    const location = form.getByRole('group', { name: 'Location 1' });
    await location.getByLabel('Location name').fill(PLACE);
    await location.getByLabel('Location address').fill('14 Main Street, Ocho Rios');
    await form.getByRole('button', { name: 'Save company settings' }).click();
    await seeToast(page, MESSAGES.companySaved);

    await page.goto(`${baseUrl}/owner/add-car`);
    const main = page.getByRole('main');
    await main.getByLabel(/image|picture|photo/i).setInputFiles(pngFile('swift.png', [40, 120, 200]));
    await main.getByLabel(/brand/i).first().fill('Suzuki');
    await main.getByLabel(/model/i).first().fill('Swift');
    await main.getByLabel(/year/i).first().fill('2023');
    await main.getByLabel(/price/i).first().fill('5500');
    await main.getByLabel(/seat/i).first().fill('5');
    await main
      .getByLabel(/description/i)
      .first()
      .fill('A nimble car for the north coast.');
    await main.getByLabel(/category/i).selectOption('Sedan');
    await main.getByLabel(/transmission/i).selectOption('Automatic');
    await main.getByLabel(/fuel/i).selectOption('Petrol');
    // The company's own place is the car's, and the only one offered.
    const place = main.getByLabel(/location/i);
    expect(await place.inputValue()).toBe(PLACE);
    expect(await place.locator('option').allTextContents()).toEqual([PLACE]);
    await main.getByRole('button', { name: /add car/i }).click();
    await seeToast(page, MESSAGES.carAdded);
    const cars = (await createApiClient({ baseUrl, token: ownerToken }).call('ownerCars')).cars;
    expect(cars.map((c) => [c.brand, c.location])).toEqual([['Suzuki', PLACE]]);
    carId = cars[0]!._id;
  });

  test('a customer searches Ocho Rios, finds the car and books it; every page shows the company’s own name', async ({ openPage }) => {
    expect(carId, 'the owner added the car').not.toBe('');
    const email = `tamika.${Date.now().toString(36)}@example.com`;
    const token = (
      await createApiClient({ baseUrl }).call('register', { body: { name: 'Tamika Brown', email, password: 'Tamika-pass-2026', phone: '876 555 0150' } })
    ).token;
    const page = await openPage();
    await signedIn(page, token);

    // The search offers the company's place, and finds its car there (not "No cars available").
    await page.goto(`${baseUrl}/`);
    const hero = page.getByRole('form', { name: 'Find a car' });
    expect(await hero.getByLabel('Pickup location').locator('option').allTextContents()).toEqual([PLACE]);
    const pickupDate = addDays(companyToday(), 20);
    const returnDate = addDays(pickupDate, 3);
    await hero.getByLabel('Car type').selectOption('Sedan');
    await hero.getByLabel('Pickup date').fill(pickupDate);
    await hero.getByLabel('Return date').fill(returnDate);
    await hero.getByRole('button', { name: 'Book now' }).click();
    await expectPath(page, '/cars');
    expect(new URL(page.url()).searchParams.get('pickupLocation')).toBe(PLACE);
    const card = page.getByRole('article').filter({ hasText: 'Suzuki Swift' });
    await see(card);
    await showsItsOwnName(page, 'the search');

    await card.getByRole('link', { name: /view details/i }).click();
    await expectPath(page, `/car-details/${carId}`);
    await chooseDatesOnCalendar(page, pickupDate, returnDate);
    await page.getByRole('form', { name: 'Book this car' }).getByRole('button', { name: /book/i }).click();
    await expectPath(page, `/payment/${carId}/${pickupDate}/${returnDate}`);
    await page.getByText('Pay upfront', { exact: true }).click();
    await page.getByRole('checkbox', { name: /I accept the rental terms/ }).check();
    await giveThePhoneIfAsked(page);
    await showsItsOwnName(page, 'the payment step');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectPath(page, '/my-bookings');
    const booking = page.getByRole('article').filter({ hasText: 'Suzuki' });
    await see(booking.getByText(new RegExp(PLACE)).first());
    await showsItsOwnName(page, 'my bookings');

    for (const where of ['/', '/cars', `/car-details/${carId}`, '/about-us', '/terms', '/privacy']) {
      await page.goto(`${baseUrl}${where}`);
      await see(page.getByRole('main'));
      await showsItsOwnName(page, where);
    }
    // The About page names the place with the address the owner gave it.
    await page.goto(`${baseUrl}/about-us`);
    await see(page.getByRole('list', { name: 'Pickup locations' }).getByText('14 Main Street, Ocho Rios'));

    // The pages the server draws carry the name before any script runs.
    for (const where of ['/', '/cars', `/car-details/${carId}`]) {
      const html = await (await fetch(`${baseUrl}${where}`, { headers: { accept: 'text/html' } })).text();
      expect(html, where).toMatch(new RegExp(`<title>[^<]*${COMPANY}</title>`));
      expect(html, where).not.toMatch(SHIPPED_WORDS);
    }
  });

  test('the staff area shows the company’s name too', async ({ openPage }) => {
    expect(ownerToken, 'the owner set the site up').not.toBe('');
    const page = await openPage();
    await signedIn(page, ownerToken);
    for (const where of ['/owner', '/owner/manage-bookings', '/owner/settings']) {
      await page.goto(`${baseUrl}${where}`);
      await see(page.getByRole('main'));
      await expect.poll(() => page.title(), { message: `title of ${where}` }).toContain(COMPANY);
      await see(page.getByRole('link', { name: `${COMPANY} – home` }));
      expect(await page.locator('body').innerText(), where).not.toMatch(SHIPPED_WORDS);
    }
  });
});
