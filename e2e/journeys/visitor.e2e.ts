/** A visitor looks around: home, the car list, a car, the about page, the navigation. */
import { DEFAULT_COMPANY, depositNotice } from '@rental/contract/company';
import { CAR_SPEC_FIXED, LIST_FILTER_CATEGORIES } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { CARS_PAGE_SIZE } from '@rental/contract/schemas';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient } from '../support/api';
import type { Car } from '../support/contractTypes';
import { describe, expect, PHONE, test } from '../support/fixtures';
import {
  chooseDatesOnCalendar,
  dateRegExp,
  daysDetail,
  expectPath,
  expectQuoteAmount,
  expectShownCount,
  formatMoney,
  openLoginDialog,
  see,
  seeToast,
} from '../support/ui';

/** The rule the spec gives the search box: brand, model, category and transmission, any case. */
function matching(cars: Car[], word: string): Car[] {
  const w = word.toLowerCase();
  return cars.filter((c) => [c.brand, c.model, c.category, c.transmission].some((f) => f.toLowerCase().includes(w)));
}

describe('visitor', () => {
  test('the home hero form asks for a car type and dates, then Book now lists the free cars of that type', async ({ page, seed }) => {
    const api = apiClient(seed.baseUrl);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Find a car' });
    const carType = form.getByLabel('Car type');
    const pickup = form.getByLabel('Pickup date');
    const dropoff = form.getByLabel('Return date');
    const today = companyToday();

    expect(await carType.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Sedan', 'SUV', 'Hatchback']));
    expect(await pickup.getAttribute('min')).toBe(today);

    // Nothing chosen: the visitor stays and is told what is missing.
    await form.getByRole('button', { name: 'Book now' }).click();
    await see(form.getByText(/choose a car type/i));
    await see(form.getByText(MESSAGES.selectBothDates));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await carType.getAttribute('aria-invalid')).toBe('true');

    const pickupDate = addDays(today, 30);
    const returnDate = addDays(today, 33);
    await carType.selectOption('SUV');
    await pickup.fill(pickupDate);
    await dropoff.fill(returnDate);
    await form.getByRole('button', { name: 'Book now' }).click();

    await expectPath(page, '/cars');
    const params = new URL(page.url()).searchParams;
    expect(params.get('pickupDate')).toBe(pickupDate);
    expect(params.get('returnDate')).toBe(returnDate);
    const freeSuvs = (await api.availableCars(pickupDate, returnDate)).filter((c) => c.category === 'SUV');
    expect(freeSuvs.length).toBeGreaterThan(0);
    await expectShownCount(page, freeSuvs.length);
    expect(await page.getByRole('button', { name: 'SUV', exact: true }).getAttribute('aria-pressed')).toBe('true');
    for (const car of freeSuvs) await see(page.getByRole('heading', { name: `${car.brand} ${car.model}` }));
  });

  test('View all cars shows the whole fleet; home features six cars', async ({ page, seed }) => {
    const cars = await apiClient(seed.baseUrl).publicCars();
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured vehicles' });
    await see(featured.getByRole('link', { name: /View Details/ }));
    await expect.poll(() => featured.getByRole('link', { name: /View Details/ }).count()).toBe(Math.min(6, cars.length));

    await page.getByRole('link', { name: 'View all cars' }).click();
    await expectPath(page, '/cars');
    expect(new URL(page.url()).search).toBe('');
    await expectShownCount(page, cars.length);
  });

  test('the car list: search, every filter button and the count', async ({ page, seed }) => {
    const cars = await apiClient(seed.baseUrl).publicCars();
    await page.goto('/cars');
    await see(page.getByRole('heading', { name: 'Select a vehicle group' }));
    await see(page.getByText(depositNotice(DEFAULT_COMPANY)));
    await expectShownCount(page, cars.length);
    const cards = page.getByRole('link', { name: /View Details/ });
    // One page of cards: the count is the whole fleet's.
    await expect.poll(() => cards.count()).toBe(Math.min(CARS_PAGE_SIZE, cars.length));

    const buttons = ['All vehicles', ...LIST_FILTER_CATEGORIES, ...new Set(cars.map((c) => c.category))];
    for (const name of new Set(buttons)) {
      const button = page.getByRole('button', { name, exact: true });
      await button.click();
      const expected = name === 'All vehicles' ? cars : cars.filter((c) => c.category === name);
      await expectShownCount(page, expected.length);
      await expect.poll(() => cards.count(), { message: `cards under ${name}` }).toBe(Math.min(CARS_PAGE_SIZE, expected.length));
      expect(await button.getAttribute('aria-pressed')).toBe('true');
    }
    await page.getByRole('button', { name: 'All vehicles', exact: true }).click();

    const search = page.getByRole('searchbox');
    // Brand, model, category and gear box, typed in any case.
    for (const word of ['toyota', 'COROLLA', 'cabrio', 'Semi-Automatic', 'manual']) {
      await search.fill(word);
      const expected = matching(cars, word);
      expect(expected.length, `fleet cars matching ${word}`).toBeGreaterThan(0);
      await expectShownCount(page, expected.length);
      for (const car of expected.slice(0, CARS_PAGE_SIZE)) await see(page.getByRole('heading', { name: `${car.brand} ${car.model}` }));
    }
    await search.fill('no such car anywhere');
    await expectShownCount(page, 0);
    await search.fill('');
    await expectShownCount(page, cars.length);

    const corolla = seed.cars.corolla;
    // Other journeys add cars: the seed's Corolla may be on a later page of the whole fleet.
    await search.fill(corolla.model);
    await page
      .getByRole('link', { name: `View Details of the ${corolla.brand} ${corolla.model}` })
      .and(page.locator(`[href="/car-details/${corolla._id}"]`))
      .click();
    await expectPath(page, `/car-details/${corolla._id}`);
  });

  test('a car: details, the empty-date message, the reserved dates and other cars', async ({ page, seed }) => {
    const car = seed.cars[seed.reservation.carKey];
    await page.goto(`/car-details/${car._id}`);
    await see(page.getByRole('heading', { level: 1, name: `${car.brand} ${car.model}` }));
    const form = page.getByRole('form', { name: 'Book this car' });
    await see(form.getByText(formatMoney(car.pricePerDay)));
    await see(page.getByRole('img', { name: new RegExp(car.model) }));

    const specs: [string, string][] = [
      ['Gear box', car.transmission],
      ['Fuel', car.fuel_type],
      ['Doors', String(CAR_SPEC_FIXED.doors)],
      ['Air conditioner', CAR_SPEC_FIXED.airConditioner],
      ['Seats', String(car.seating_capacity)],
      ['Distance', String(CAR_SPEC_FIXED.distance)],
    ];
    const grid = page.getByRole('region', { name: 'Specifications' });
    for (const [label, value] of specs) {
      const item = grid
        .locator('div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .last();
      expect(await item.textContent(), label).toContain(value);
    }

    const warning = await see(page.getByRole('note').filter({ hasText: /reserved/i }));
    const text = (await warning.textContent()) ?? '';
    expect(text).toMatch(dateRegExp(seed.reservation.pickupDate));
    expect(text).toMatch(dateRegExp(seed.reservation.returnDate));

    await form.getByRole('button', { name: /book/i }).click();
    await see(form.getByText(MESSAGES.selectBothDates));
    expect(new URL(page.url()).pathname).toBe(`/car-details/${car._id}`);

    const others = page.getByRole('region', { name: /other cars/i }).getByRole('link', { name: /View Details/ });
    await see(others);
    const count = await others.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    for (const href of await others.evaluateAll((links) => links.map((l) => l.getAttribute('href')))) {
      expect(href).toMatch(/^\/car-details\//);
      expect(href).not.toBe(`/car-details/${car._id}`);
    }

    // Free dates lead on to the payment step, with the price for the chosen days shown first.
    const pickupDate = addDays(companyToday(), 50);
    const returnDate = addDays(companyToday(), 52);
    await chooseDatesOnCalendar(page, pickupDate, returnDate);
    const quote = await apiClient(seed.baseUrl).quote({ car: car._id, pickupDate, returnDate });
    await see(form.getByText(daysDetail(2, car.pricePerDay)));
    await expectQuoteAmount(form, 'Total', quote.total);
    await form.getByRole('button', { name: /book/i }).click();
    await expectPath(page, `/payment/${car._id}/${pickupDate}/${returnDate}`);
  });

  test('a car that does not exist sends the visitor back to the list, saying why', async ({ page }) => {
    await page.goto('/car-details/00000000-0000-4000-8000-000000000000');
    await seeToast(page, MESSAGES.carNotFound);
    await expectPath(page, '/cars');
    await see(page.getByRole('heading', { name: 'Select a vehicle group' }));
  });

  test('the about page: selling points, map, FAQ and rental requirements', async ({ page }) => {
    await page.goto('/about-us');
    await see(page.getByRole('heading', { level: 1 }));
    await see(page.getByText(/tow/i));
    await see(page.getByText(/coverage/i));
    await see(page.getByText(/credit card/i));
    await see(page.getByText(/23/));
    await see(page.getByText(/2\+? years|two years/i));
    const map = page.locator('iframe');
    expect(await map.count()).toBe(1);
    expect(await map.getAttribute('title')).toBeTruthy();
    expect(await map.getAttribute('src')).toContain('google');
  });

  test('desktop navigation reaches every page, and the footer gives the contacts', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const destinations: [string, string, RegExp | string][] = [
      ['Vehicles', '/cars', 'Select a vehicle group'],
      ['About Us', '/about-us', /./],
      ['My Bookings', '/my-bookings', /./],
      ['Home', '/', /Rent/],
    ];
    for (const [link, path, heading] of destinations) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expectPath(page, path);
      await see(page.getByRole('heading', { level: 1, name: heading }));
    }
    await see(nav.getByText(DEFAULT_COMPANY.phone));
    await see(nav.getByRole('button', { name: 'Login', exact: true }));
    expect(await nav.getByRole('button', { name: 'Dashboard' }).count()).toBe(0);
    const footer = page.getByRole('contentinfo');
    for (const fact of [DEFAULT_COMPANY.phone, DEFAULT_COMPANY.address, DEFAULT_COMPANY.email]) await see(footer.getByText(fact));
  });

  test('on a phone the menu opens, leads to a page, closes, and offers the login', async ({ openPage }) => {
    const page = await openPage({ viewport: PHONE, mobile: true });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'About Us', exact: true }).filter({ visible: true }).count()).toBe(0);
    await toggle.click();
    // A tap made before the page's code has arrived is held and given again then (decision 076).
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await header.getByRole('link', { name: 'About Us', exact: true }).filter({ visible: true }).click();
    await expectPath(page, '/about-us');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await header.getByRole('link', { name: 'Vehicles', exact: true }).filter({ visible: true }).click();
    await expectPath(page, '/cars');
    // The menu closes when the new page is drawn, which may be after the address changed (its code loads).
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    const dialog = await openLoginDialog(page);
    await see(dialog.getByLabel('Email'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
