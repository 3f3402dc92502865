/**
 * Issue 32 item 6: the prices /cars and the SPEC's check-availability answer show for the days asked
 * are what the booking will cost (a season's rate, GCT); a season's fewest days is said once for the
 * whole answer; a season saved is in the next answer, though answers are cached.
 */
import { API, DEFAULT_COMPANY, type PricesBodyInput } from '@rental/contract';

/** The shipped company's first place, where the test's cars stand. */
const DEFAULT_LOCATION = DEFAULT_COMPANY.locations[0]!;
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp, testApi } from './helpers';
import { addCar, day } from './support/fleet';

const NO_RULES: PricesBodyInput = {
  seasons: [],
  weeklyPercentOff: 0,
  monthlyPercentOff: 0,
  additionalDriverPerDay: 0,
  delivery: { airport: null, portmore: null, kingston: null },
};

describe(`prices for the days asked (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const available = (pickupDate: string, returnDate: string) =>
    testApi(t.app).call('checkAvailability', { body: { location: DEFAULT_LOCATION, pickupDate, returnDate } });
  const savePrices = (body: PricesBodyInput) => testApi(t.app, owner.token).call('savePrices', { body });

  it('prices each free car as the booking will, and a season saved is in the next answer', async () => {
    const car = await addCar(t.app, owner.token, { pricePerDay: 6000 });
    const before = await available(day(40), day(43));
    const usual = before.availableCars.find((c) => c._id === car._id)!;
    expect(usual.tripPrice).toEqual({ days: 3, total: 3 * 6000 + 2700, currency: DEFAULT_COMPANY.currency, gctPercent: 15 });
    expect(before.priceNote).toBeUndefined();

    await savePrices({
      ...NO_RULES,
      seasons: [{ name: 'Easter', startDate: day(41), endDate: day(41), priority: 1, minDays: null, carRates: { [car._id]: 9000 }, categoryPercents: {} }],
    });
    const after = (await available(day(40), day(43))).availableCars.find((c) => c._id === car._id)!;
    // Two usual days and one Easter day, with GCT: what booking them costs.
    expect(after.tripPrice!.total).toBe(Math.round((6000 * 2 + 9000) * 1.15));
    const customer = await registerCustomer(t.app);
    const booked = await t.app.inject({
      method: 'POST',
      url: API.createBooking,
      headers: authHeader(customer.token),
      payload: { car: car._id, pickupDate: day(40), returnDate: day(43), paymentMethod: 'upfront' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking.price).toBe(after.tripPrice!.total);
  });

  it('says a season’s fewest days once for the whole answer, and prices no car for days that cannot be booked', async () => {
    await addCar(t.app, owner.token, { pricePerDay: 5000 });
    await savePrices({
      ...NO_RULES,
      seasons: [{ name: 'Christmas', startDate: day(60), endDate: day(70), priority: 1, minDays: 5, carRates: {}, categoryPercents: { Sedan: 10 } }],
    });
    const answer = await available(day(61), day(63));
    expect(answer.priceNote).toBe('Rentals during Christmas are for at least 5 days. Please choose a later return date.');
    expect(answer.availableCars.length).toBeGreaterThan(0);
    expect(answer.availableCars.every((c) => c.tripPrice === null)).toBe(true);
    expect(JSON.stringify(answer.availableCars)).not.toContain('at least 5 days');
    await savePrices(NO_RULES);
  });
});
