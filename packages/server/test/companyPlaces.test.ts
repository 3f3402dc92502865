/**
 * A site any company can run (decision 108): another company's name and places, set in the
 * settings alone, are searched, booked and answered; each place keeps its address and hours; a
 * place still in use cannot go; testimonials and the page texts are the company's own.
 */
import { type BodyInputOf, DEFAULT_COMPANY, type PublicCompanyFacts } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars } from '../src/db/schema';
import { callWithStatus, createOwner, createTestApp, describeDatabase, outcomeOf, registerCustomer, type Account, type TestApp, testApi } from './helpers';
import { addCar, carFormData, day, insertBooking } from './support/fleet';

const OCHO_RIOS = { name: 'Ocho Rios', address: '14 Main Street, Ocho Rios, St. Ann', openingHours: 'Every day 7:00–19:00' };

describe(`a company in Ocho Rios (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    // A fresh install: the owner has not saved the settings yet.
    t = await createTestApp({ companySaved: false });
    [owner, customer] = await Promise.all([createOwner(t.app), registerCustomer(t.app)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (): Promise<PublicCompanyFacts> => (await testApi(t.app).call('company')).company;
  /** The owner's save, with its status and the answer or refusal. */
  const save = (company: BodyInputOf<'updateCompany'>) => outcomeOf(callWithStatus(t.app, owner.token, 'updateCompany', { body: company }));
  const available = async (location: string) =>
    (await testApi(t.app).call('checkAvailability', { body: { location, pickupDate: day(10), returnDate: day(12) } })).availableCars;

  it('is set up by its settings alone: its name and place are answered, searched and booked', async () => {
    const shipped = await read();
    const res = await save({
      ...DEFAULT_COMPANY,
      name: 'Ocho Rios Car Hire',
      phone: '+1 (876) 555-0199',
      email: 'hello@ochorioscarhire.com',
      chatUrl: 'https://wa.me/18765550199',
      mapUrl: 'https://www.google.com/maps?q=Ocho%20Rios%2C%20Jamaica&output=embed',
      address: 'Ocho Rios, St. Ann, Jamaica',
      locations: ['Ocho Rios'],
      locationDetails: [OCHO_RIOS],
    });
    expect(res.status).toBe(200);
    const company = await read();
    expect(company).toMatchObject({ name: 'Ocho Rios Car Hire', locations: ['Ocho Rios'], locationDetails: [OCHO_RIOS] });
    expect(JSON.stringify(company)).not.toMatch(/Waterford|Portmore/);
    expect(shipped.locations).toEqual(DEFAULT_COMPANY.locations);

    // A car may stand only at the company's own place.
    const form = await carFormData({
      brand: 'Toyota',
      model: 'Yaris',
      year: 2022,
      pricePerDay: 6000,
      category: 'Sedan',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      location: 'Waterford, Portmore',
      description: 'A car at the wrong place.',
    });
    const refused = outcomeOf(callWithStatus(t.app, owner.token, 'addCar', { form }));
    expect(await refused).toMatchObject({ status: 400, refusal: { message: "Please choose one of the company's pickup locations: Ocho Rios." } });
    const car = await addCar(t.app, owner.token, { location: 'Ocho Rios' });

    // Searched where the company is, it is found; at the shipped company's place, nothing is.
    expect((await available('Ocho Rios')).map((c) => c._id)).toEqual([car._id]);
    expect(await available('Waterford, Portmore')).toEqual([]);

    const booked = await callWithStatus(t.app, customer.token, 'createBooking', {
      body: { car: car._id, pickupDate: day(10), returnDate: day(12), paymentMethod: 'upfront' },
    });
    expect(booked.status).toBe(201);
    expect(await available('Ocho Rios')).toEqual([]);
  });

  it('keeps each place’s address and hours when a save names only the locations (an older client)', async () => {
    const before = await read();
    const { locationDetails: _details, ...older } = before;
    const res = await save({ ...older, locations: [...before.locations, 'Runaway Bay'] });
    expect(res.status).toBe(200);
    expect((await read()).locationDetails).toEqual([OCHO_RIOS, { name: 'Runaway Bay', address: '', openingHours: '' }]);
  });

  it('refuses details of a place that is not listed (400 location_details_unknown), changing nothing', async () => {
    const before = await read();
    const res = await save({ ...before, locationDetails: [...before.locationDetails, { name: 'Negril', address: 'West End', openingHours: '' }] });
    expect(res.status).toBe(400);
    expect(res.refusal).toMatchObject({ success: false, code: 'location_details_unknown', message: expect.stringContaining('Negril') });
    expect(await read()).toEqual(before);
  });

  it('will not remove a place with cars (409 location_in_use), nor one whose hidden car still has an open booking', async () => {
    const before = await read();
    const elsewhere = { ...before, locations: ['Runaway Bay'], locationDetails: undefined };
    const refused = await save(elsewhere);
    expect(refused.status).toBe(409);
    expect(refused.refusal).toMatchObject({ code: 'location_in_use', message: expect.stringMatching(/still at Ocho Rios \(1 car, 1 open booking\)/) });
    expect(await read()).toEqual(before);

    // The car leaves the fleet while an old booking of it was never closed (a confirmed booking whose
    // days have passed): the booking still names the place.
    const [car] = await t.db.select({ id: cars.id }).from(cars).where(eq(cars.location, 'Ocho Rios'));
    await insertBooking(t.db, { carId: car!.id, userId: customer.user._id, pickupDate: day(-20), returnDate: day(-18), status: 'confirmed' });
    await t.db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE car_id = ${car!.id} AND pickup_date > now()`);
    await t.db.update(cars).set({ deletedAt: new Date() }).where(eq(cars.id, car!.id));
    const stillBooked = await save(elsewhere);
    expect(stillBooked.status).toBe(409);
    expect(stillBooked.refusal?.message).toMatch(/still at Ocho Rios \(1 open booking\)/);

    await t.db.execute(sql`UPDATE bookings SET status = 'returned' WHERE car_id = ${car!.id}`);
    expect((await save(elsewhere)).status).toBe(200);
    expect((await read()).locations).toEqual(['Runaway Bay']);
  });

  it('shows only the testimonials the company entered, and checks them', async () => {
    const before = await read();
    expect(before.testimonials).toEqual([]);
    const said = { name: 'Odette P.', place: 'Ocho Rios', text: 'Quick and friendly.', stars: 4 };
    expect((await save({ ...before, testimonials: [said], heroText: 'Cars by the sea', aboutText: 'A family firm.\n\nSince 1998.' })).status).toBe(200);
    expect(await read()).toMatchObject({ testimonials: [said], heroText: 'Cars by the sea', aboutText: 'A family firm.\n\nSince 1998.' });

    const refusals: [Partial<BodyInputOf<'updateCompany'>>, RegExp][] = [
      [{ testimonials: [{ ...said, stars: 6 }] }, /Stars must be at most 5/],
      [{ testimonials: [{ ...said, text: '' }] }, /What the customer said is required/],
      [{ testimonials: Array.from({ length: 13 }, () => said) }, /at most 12 testimonials/],
      [{ heroText: 'x'.repeat(121) }, /home page headline can be at most 120/],
    ];
    for (const [change, message] of refusals) {
      const res = await save({ ...before, ...change });
      expect(res.status).toBe(400);
      expect(res.refusal?.message).toMatch(message);
    }
    // Left out of a save, they keep their values.
    const { testimonials: _t, heroText: _h, aboutText: _a, ...older } = await read();
    expect((await save(older)).status).toBe(200);
    expect((await read()).testimonials).toEqual([said]);
  });

  it('reads settings saved before places had details as each place at the company’s address and hours', async () => {
    await t.db.execute(sql`UPDATE company_settings SET value = value - 'locationDetails' || '{"locations": ["Ocho Rios", "Runaway Bay"]}'::jsonb`);
    expect((await read()).locationDetails).toEqual([
      { name: 'Ocho Rios', address: '', openingHours: '' },
      { name: 'Runaway Bay', address: '', openingHours: '' },
    ]);
  });
});
