/**
 * The public pages drawn on the server (decision 075), read as a crawler or a phone before any
 * script runs: the built server's HTML already holds the cars and their prices, and a car added
 * or a booking made is in the very next page. And as a slow phone: with the page's code held back,
 * what the visitor does meanwhile (a tap, a scroll, a choice in a form) still counts once React has
 * taken the page over (decision 076).
 */
import { MESSAGES } from '@rental/contract/messages';
import { CARS_PAGE_SIZE } from '@rental/contract/schemas';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient } from '../support/api';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import type { Page } from 'playwright-core';
import { pngFile } from '../support/png';
import { expectShownCount, formatMoney, see, shownCount } from '../support/ui';

/** The page's HTML as the server sends it (no browser, so no script ever runs). */
async function html(baseUrl: string, path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  return res.text();
}

/** Where each element is and how it looks, as the browser computed it. */
function layoutOfEveryElement(): string[] {
  return Array.from(document.querySelectorAll('body *'), (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return `${el.tagName}.${el.getAttribute('class') ?? ''} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} ${s.color} ${s.backgroundColor} ${s.fontSize} ${s.fontWeight} ${s.display} ${s.borderTopWidth} ${s.boxShadow} ${s.opacity} ${s.visibility}`;
  });
}

/** Holds the files matching `glob` back, as a slow phone would, until the returned function is called. */
async function holdBack(page: Page, glob: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** What the drawn page reads as: its #root without tags (React's <!-- --> separators gone). */
function textOf(page: string): string {
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(page)?.[1] ?? '';
  return root
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('pages drawn on the server', () => {
  test("/cars holds the fleet's first page of cars with their prices and the whole count, and a car the owner adds is in the next page", async ({ seed }) => {
    const api = apiClient(seed.baseUrl);
    const cars = await api.publicCars();
    const before = textOf(await html(seed.baseUrl, '/cars'));
    expect(before).toContain(`Showing ${cars.length} Cars`);
    for (const car of cars.slice(0, CARS_PAGE_SIZE)) expect(before).toContain(`${formatMoney(car.pricePerDay)} / day ${car.brand} ${car.model}`);
    for (const car of cars.slice(CARS_PAGE_SIZE)) expect(before).not.toContain(`/car-details/${car._id}"`);

    const brand = `Drawn${seed.runId.slice(-4)}`;
    const added = await api.addCar(
      seed.owner.token,
      {
        brand,
        model: 'Probox',
        year: 2023,
        pricePerDay: 6350,
        category: 'Van',
        transmission: 'Manual',
        fuel_type: 'Petrol',
        seating_capacity: 5,
        location: 'Waterford, Portmore',
        description: 'Drawn by the server.',
      },
      pngFile('drawn.png', [40, 160, 90]),
    );
    const after = textOf(await html(seed.baseUrl, '/cars'));
    expect(after).toContain(`Showing ${cars.length + 1} Cars`);
    expect(after).toContain(`${formatMoney(6350)} / day ${brand} Probox`);
    expect(textOf(await html(seed.baseUrl, `/car-details/${added._id}`))).toContain(`${brand} Probox`);
  });

  test("a booking's days are in the car's next page, in the data the browser starts from", async ({ seed }) => {
    const api = apiClient(seed.baseUrl);
    const car = seed.cars[seed.reservation.carKey];
    const email = `drawn.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const token = await api.register('Drawn Booker', email, 'Drawn-pass-2024', '876 555 0161');
    // Days far from the seed's own booking of this car.
    const pickupDate = addDays(companyToday(), 200);
    const returnDate = addDays(pickupDate, 2);
    const reserved = (page: string) => page.includes(`{"pickupDate":"${pickupDate}","returnDate":"${returnDate}"}`);

    expect(reserved(await html(seed.baseUrl, `/car-details/${car._id}`))).toBe(false);
    await api.createBooking(token, { car: car._id, pickupDate, returnDate, paymentMethod: 'upfront' });
    const page = await html(seed.baseUrl, `/car-details/${car._id}`);
    expect(reserved(page)).toBe(true);
    // And in the words the customer reads ("Fri 4 Dec 2026 – Sun 6 Dec 2026").
    const shown = (day: string) =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
    expect(textOf(page)).toMatch(new RegExp(`${shown(pickupDate)} – \\w+ ${shown(returnDate)}`));
  });

  test("a page's own CSS rules draw it as the whole stylesheet does, at 390 and 1280 px (decision 077)", async ({ seed, openPage }) => {
    const car = seed.cars[seed.reservation.carKey];
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openPage({ viewport });
      // No boot script: the page stays as the server drew it, with its own rules only.
      await page.route('**/assets/boot-*.js', (route) => route.abort());
      for (const path of ['/', '/cars', `/car-details/${car._id}`]) {
        await page.goto(path);
        expect(await page.locator('link[rel="stylesheet"]').count(), path).toBe(0);
        const own = await page.evaluate(layoutOfEveryElement);
        await page.evaluate(
          () =>
            new Promise<void>((resolve, reject) => {
              const list = JSON.parse(document.getElementById('page-code')?.textContent ?? '{}') as { css: string[] };
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = list.css[0] ?? '';
              link.addEventListener('load', () => resolve());
              link.addEventListener('error', () => reject(new Error(`${link.href} did not load`)));
              document.head.append(link);
            }),
        );
        const whole = await page.evaluate(layoutOfEveryElement);
        expect(own.length, path).toBeGreaterThan(100);
        expect(
          own.filter((line, i) => line !== whole[i]),
          `${path} at ${viewport.width} px`,
        ).toEqual([]);
      }
    }
  });

  test('a tap made before the code has arrived is held and given again once React listens (decision 076)', async ({ openPage }) => {
    const page = await openPage({ viewport: PHONE, mobile: true });
    // The entry chunk is held back until the tap is made, as on a slow phone.
    const release = await holdBack(page, '**/assets/index-*.js');
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.tap();
    // Nothing can open the menu yet: the tap waits for the code.
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    release();
    await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 15_000 }).toBe('true');
    await page.getByRole('banner').getByRole('link', { name: 'Vehicles', exact: true }).filter({ visible: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cars');
  });

  test("a tap on the car list's filters before its page code has arrived is not lost (decision 076)", async ({ page, seed }) => {
    const cars = await apiClient(seed.baseUrl).publicCars();
    const category = cars[0]?.category ?? '';
    const ofCategory = cars.filter((c) => c.category === category).length;
    expect(ofCategory).toBeLessThan(cars.length);
    // The list's own chunk is held back until after the tap, as on a slow phone: React must not
    // try to take the page over without it (it would drop the tap).
    const release = await holdBack(page, '**/assets/CarsPage-*.js');
    await page.goto('/cars');
    await expectShownCount(page, cars.length);
    await page.getByRole('button', { name: category, exact: true }).click();
    release();
    await expectShownCount(page, ofCategory);
    expect(await page.getByRole('button', { name: category, exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  test("Book tapped at once on a car's page answers on the page, and a page scrolled before its code arrives stays where it was", async ({ page, seed }) => {
    const car = seed.cars[seed.reservation.carKey];
    // The code is held back until the page has been scrolled and the tap made, as on a slow phone.
    const release = await holdBack(page, '**/assets/index-*.js');
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('?')) reloads.push(frame.url());
    });
    await page.goto(`/car-details/${car._id}`);
    const book = page.getByRole('form', { name: 'Book this car' }).getByRole('button', { name: /book/i });
    await book.click();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    await see(page.getByText(MESSAGES.selectBothDates));
    expect(reloads, 'the form was sent to the server instead').toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // Another page still starts at its top.
    await page
      .getByRole('link', { name: /View Details/ })
      .last()
      .click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('choices made in the home form before its code has arrived are kept, and Book now uses them (decisions 076, 086)', async ({ page }) => {
    const release = await holdBack(page, '**/assets/index-*.js');
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Find a car' });
    const pickupDate = addDays(companyToday(), 20);
    const returnDate = addDays(companyToday(), 23);
    await form.getByLabel('Car type').selectOption('SUV');
    await form.getByLabel('Pickup date').fill(pickupDate);
    await form.getByLabel('Return date').fill(returnDate);
    await form.getByRole('button', { name: 'Book now' }).click();
    release();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cars');
    const params = new URL(page.url()).searchParams;
    expect([params.get('category'), params.get('pickupDate'), params.get('returnDate')]).toEqual(['SUV', pickupDate, returnDate]);
  });

  test("a logged-in customer's home is taken over as drawn: Book now tapped before the page's code has arrived is answered on the page", async ({
    openPage,
    seed,
  }) => {
    // The server draws every page as a visitor's; the session stored in the browser is read once the
    // code runs, while the page's own chunk (held back here, as on a slow phone) is still on its way.
    // That change must wait for the page to be taken over: drawn again instead, the tapped button
    // would be thrown away with the tap held for it.
    const page = await openPage({ token: seed.customer.token });
    const release = await holdBack(page, '**/assets/HomePage-*.js');
    await page.goto('/');
    await page.evaluate(() => {
      (window as { drawnBookNow?: Element | null }).drawnBookNow = document.querySelector('form[aria-label="Find a car"] button[type="submit"]');
    });
    await page.getByRole('button', { name: 'Book now' }).click();
    // The code has taken the page's frame (the header) over, and a frame has passed for its effects.
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.querySelector('header a') ?? {}).some((key) => key.startsWith('__reactProps'))), { timeout: 15_000 })
      .toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    expect(await page.evaluate(() => (window as { drawnBookNow?: Element | null }).drawnBookNow?.isConnected)).toBe(true);
    release();
    await see(page.getByRole('button', { name: /logout/i }));
    await see(page.getByText(/choose a car type/i));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => (window as { drawnBookNow?: Element | null }).drawnBookNow?.isConnected)).toBe(true);
  });

  test("a car type chosen and days typed before the code has arrived are the form's own once it has, with no tap held (decision 086)", async ({ openPage }) => {
    const page = await openPage({ viewport: PHONE, mobile: true });
    const release = await holdBack(page, '**/assets/index-*.js');
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Find a car' });
    const pickupDate = addDays(companyToday(), 30);
    const returnDate = addDays(companyToday(), 32);
    await form.getByLabel('Car type').selectOption('Sedan');
    await form.getByLabel('Pickup date').fill(pickupDate);
    await form.getByLabel('Return date').fill(returnDate);
    release();
    // The form writes a chosen day out beneath its field only once the day is in its state: the
    // drawn page had none.
    await see(page.locator('#hero-returnDate-chosen'));
    await see(page.locator('#hero-pickupDate-chosen'));
    // A later change elsewhere in the form redraws it: the earlier choices stay.
    await form.getByLabel('Return date').fill(addDays(returnDate, 1));
    expect(await form.getByLabel('Car type').inputValue()).toBe('Sedan');
    expect(await form.getByLabel('Pickup date').inputValue()).toBe(pickupDate);
    await form.getByRole('button', { name: 'Book now' }).tap();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cars');
    const params = new URL(page.url()).searchParams;
    expect([params.get('category'), params.get('pickupDate'), params.get('returnDate')]).toEqual(['Sedan', pickupDate, addDays(returnDate, 1)]);
  });

  test("words typed in the car list's search before its code has arrived filter the list once it has, with the filter tapped meanwhile (decision 086)", async ({
    seed,
    openPage,
  }) => {
    const api = apiClient(seed.baseUrl);
    const brand = `Typed${seed.runId.slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
    await api.addCar(
      seed.owner.token,
      {
        brand,
        model: 'Fielder',
        year: 2022,
        pricePerDay: 6900,
        category: 'Van',
        transmission: 'Automatic',
        fuel_type: 'Petrol',
        seating_capacity: 5,
        location: 'Waterford, Portmore',
        description: 'Found by a search typed early.',
      },
      pngFile('typed.png', [90, 40, 160]),
    );
    // The whole code, then the list's own chunk alone (React there, the page not yet taken over).
    for (const held of ['**/assets/index-*.js', '**/assets/CarsPage-*.js']) {
      const page = await openPage({ viewport: DESKTOP });
      const release = await holdBack(page, held);
      await page.goto('/cars');
      const search = page.getByRole('searchbox', { name: 'Search vehicles' });
      await search.fill(brand);
      await page.getByRole('button', { name: 'Van', exact: true }).click();
      release();
      await expectShownCount(page, 1);
      await see(page.getByRole('heading', { name: `${brand} Fielder` }));
      expect(await search.inputValue(), held).toBe(brand);
      expect(await page.getByRole('button', { name: 'Van', exact: true }).getAttribute('aria-pressed'), held).toBe('true');
      // The search is the page's own: clearing it brings the seed's vans back beside this one.
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect.poll(() => search.inputValue()).toBe('');
      await expect.poll(() => shownCount(page)).toBeGreaterThan(1);
    }
  });
});
