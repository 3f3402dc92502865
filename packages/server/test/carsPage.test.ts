import { API, CARS_PAGE_SIZE, type CarsPageQuery, carsPageResponse, responses } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars } from '../src/db/schema';
import { type Account, callWithStatus, createOwner, createTestApp, describeDatabase, refusalOf, type TestApp, testApi } from './helpers';
import { addCar } from './support/fleet';

/** 40 cars: 30 Sedans (10 of them Toyotas), 10 SUVs (4 of them Toyota RAV4s), and one car taken off the list. */
const SEDANS = 30;
const SUVS = 10;

describe(`one page of the public fleet (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    const first = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit', category: 'Sedan' });
    const [row] = await t.db.select().from(cars);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...template } = row!;
    const rows = [];
    for (let i = 1; i < SEDANS; i += 1)
      rows.push({ ...template, brand: i <= 10 ? 'Toyota' : 'Nissan', model: i <= 10 ? `Corolla ${i}` : `Sylphy ${i}`, category: 'Sedan' as const });
    for (let i = 0; i < SUVS; i += 1)
      rows.push({ ...template, brand: i < 4 ? 'Toyota' : 'Kia', model: i < 4 ? `RAV4 ${i}` : `Sportage ${i}`, category: 'SUV' as const });
    rows.push({ ...template, brand: 'Toyota', model: 'Hidden', category: 'Pickup' as const, isAvailable: false });
    await t.db.insert(cars).values(rows);
    // Written straight to the database: the fleet cache would see it at its next poll.
    t.app.fleetCache.version.markDirty();
    expect(first.brand).toBe('Honda');
  });
  afterAll(() => t?.close());

  const pageOf = async (query: CarsPageQuery = {}) => {
    const res = await callWithStatus(t.app, undefined, 'carsPage', { query });
    expect(res.status).toBe(200);
    return carsPageResponse.parse(res.answer);
  };

  it('cuts the whole list into pages of twelve, in the order of the full list, with the count', async () => {
    const all = responses.cars.parse((await callWithStatus(t.app, undefined, 'cars')).answer).cars;
    expect(all).toHaveLength(SEDANS + SUVS);
    const first = await pageOf();
    expect(first).toMatchObject({ total: SEDANS + SUVS, page: 1, pages: 4, pageSize: CARS_PAGE_SIZE, categories: ['Sedan', 'SUV'] });
    expect(first.cars.map((c) => c._id)).toEqual(all.slice(0, 12).map((c) => c._id));
    // The same cars as the full list, field for field.
    expect(first.cars[0]).toEqual(all[0]);
    const last = await pageOf({ page: '4' });
    expect(last.cars.map((c) => c._id)).toEqual(all.slice(36).map((c) => c._id));
    // Past the end: the last page, so a link kept from a larger fleet still shows cars.
    expect((await pageOf({ page: '9' })).page).toBe(4);
    const small = await pageOf({ size: '5', page: '2' });
    expect(small.cars.map((c) => c._id)).toEqual(all.slice(5, 10).map((c) => c._id));
    expect(small.pages).toBe(8);
  });

  it('searches and filters the whole fleet before the cut', async () => {
    const toyotas = await pageOf({ search: 'toyota' });
    expect(toyotas.total).toBe(14);
    expect(toyotas.pages).toBe(2);
    const secondPage = await pageOf({ search: 'toyota', page: '2' });
    expect(secondPage.cars).toHaveLength(2);
    expect([...toyotas.cars, ...secondPage.cars].every((c) => c.brand === 'Toyota')).toBe(true);

    const suvs = await pageOf({ category: 'SUV' });
    expect(suvs.total).toBe(SUVS);
    expect(suvs.cars.every((c) => c.category === 'SUV')).toBe(true);
    // The groups stay the fleet's whatever the filter: the buttons do not vanish.
    expect(suvs.categories).toEqual(['Sedan', 'SUV']);

    const rav = await pageOf({ category: 'SUV', search: '  TOYOTA  rav4 ' });
    expect(rav.total).toBe(4);
    expect(rav.cars.map((c) => c.model).sort()).toEqual(['RAV4 0', 'RAV4 1', 'RAV4 2', 'RAV4 3']);

    const none = await pageOf({ search: 'Lamborghini' });
    expect(none).toMatchObject({ cars: [], total: 0, page: 1, pages: 1 });
    // A car off the list is on no page.
    expect((await pageOf({ search: 'hidden' })).total).toBe(0);
  });

  it('follows the fleet: a car added is counted on the next call', async () => {
    const before = (await pageOf()).total;
    await addCar(t.app, owner.token, { brand: 'Suzuki', model: 'Swift', category: 'Hatchback' });
    const after = await pageOf();
    expect(after.total).toBe(before + 1);
    expect(after.categories).toContain('Hatchback');
    // The SPEC's call still sends every car.
    expect((await testApi(t.app).call('cars')).cars).toHaveLength(before + 1);
  });

  it('refuses a page or size that is not a whole number in range, in plain words', async () => {
    for (const [query, words] of [
      ['page=0', 'The page must be a whole number from 1'],
      ['page=two', 'The page must be a whole number from 1'],
      ['size=500', 'The page size must be a whole number from 1 to 48'],
      ['category=Spaceship', 'Please choose a vehicle group'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${API.carsPage}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(words);
    }
    expect((await refusalOf(testApi(t.app).call('carsPage', { query: { search: 'x'.repeat(101) } }))).status).toBe(400);
  });

  it('answers from the fleet cache with an ETag, compressed for a browser', async () => {
    const url = `${API.carsPage}?page=2`;
    const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
