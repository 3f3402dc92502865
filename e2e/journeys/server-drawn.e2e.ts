/**
 * The public pages drawn on the server (decision 075), read as a crawler or a phone before any
 * script runs: the built server's HTML already holds the cars and their prices, and a car added
 * or a booking made is in the very next page.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient } from '../support/api';
import { describe, expect, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import { formatMoney } from '../support/ui';

/** The page's HTML as the server sends it (no browser, so no script ever runs). */
async function html(baseUrl: string, path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  return res.text();
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
  test('/cars holds every car with its price, and a car the owner adds is in the next page', async ({ seed }) => {
    const api = apiClient(seed.baseUrl);
    const cars = await api.publicCars();
    const before = textOf(await html(seed.baseUrl, '/cars'));
    expect(before).toContain(`Showing ${cars.length} Cars`);
    for (const car of cars) expect(before).toContain(`${formatMoney(car.pricePerDay)} / day ${car.brand} ${car.model}`);

    const brand = `Drawn${seed.runId.slice(-4)}`;
    const added = await api.addCar(
      seed.owner.token,
      { brand, model: 'Probox', year: 2023, pricePerDay: 6350, category: 'Van', transmission: 'Manual', fuel_type: 'Petrol', seating_capacity: 5, location: 'Waterford, Portmore', description: 'Drawn by the server.' },
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
    const shown = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
    expect(textOf(page)).toMatch(new RegExp(`${shown(pickupDate)} – \\w+ ${shown(returnDate)}`));
  });
});
