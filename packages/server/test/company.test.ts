/**
 * The company's facts live in the database: anyone reads them, owners change them, cars stand at
 * the listed locations only, and an owner's user data carries the company's bank fields.
 */
import { type BodyInputOf, DEFAULT_COMPANY, publicFacts } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  type Account,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, carFormData, day } from './support/fleet';

describe(`company settings (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, customer] = await Promise.all([createOwner(t.app), registerCustomer(t.app)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async () => {
    const res = await callWithStatus(t.app, undefined, 'company');
    expect(res.status).toBe(200);
    return res.answer.company;
  };
  const save = (token: string | undefined, company: BodyInputOf<'updateCompany'>) => callWithStatus(t.app, token, 'updateCompany', { body: company });

  it('starts with the shipped facts, readable by anyone', async () => {
    const fresh = await createTestApp();
    try {
      expect(await testApi(fresh.app).call('company')).toEqual({ success: true, company: publicFacts(DEFAULT_COMPANY), contactsSaved: true });
    } finally {
      await fresh.close();
    }
  });

  it('an owner changes them and everyone reads the change', async () => {
    const next = {
      ...(await read()),
      name: 'Waterford Car Rental Ltd',
      phone: '+1 (876) 555-0100',
      openingHours: 'Every day 7:00–19:00',
      locations: ['Waterford, Portmore', 'Norman Manley Airport'],
      securityDeposit: 20_000,
    };
    const res = await save(owner.token, next);
    expect(res.status).toBe(200);
    // The new place has no address or hours of its own yet: the company's are shown for it.
    const saved = { ...next, locationDetails: [...next.locationDetails, { name: 'Norman Manley Airport', address: '', openingHours: '' }] };
    expect(res.answer).toMatchObject({ success: true, message: expect.any(String), company: saved });
    expect(await read()).toEqual(saved);
  });

  it('refuses customers (403) and strangers (401), changing nothing', async () => {
    const before = await read();
    const changed = { ...before, name: 'Hijacked' };
    const asCustomer = await refusalOf(save(customer.token, changed));
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.answer?.success).toBe(false);
    expect(await statusOf(save(undefined, changed))).toBe(401);
    expect(await read()).toEqual(before);
  });

  it.each([
    ['no name', { name: '' }, /Company name is required/],
    ['a phone with letters', { phone: 'call us' }, /Phone may hold only digits/],
    ['a chat link that is not https', { chatUrl: 'javascript:alert(1)' }, /WhatsApp chat link must be a web address/],
    ['a map from an unknown site', { mapUrl: 'https://evil.example.net/map' }, /Map link must be a Google Maps or OpenStreetMap link/],
    ['no locations', { locations: [] }, /at least one pickup location/],
    ['a location twice', { locations: ['Portmore', 'portmore'] }, /only once/],
    ['a negative deposit', { securityDeposit: -5 }, /Security deposit must be at least 0/],
    ['a currency that is not a code', { currency: 'dollars' }, /Currency must be a three-letter code/],
  ])('refuses %s with a 400 naming the problem, changing nothing', async (_name, change, message) => {
    const before = await read();
    expect(await refusalOf(save(owner.token, { ...before, ...change }))).toEqual({
      status: 400,
      answer: { success: false, code: expect.any(String), message: expect.stringMatching(message) },
    });
    expect(await read()).toEqual(before);
  });

  it('places cars only at listed locations, and finds them there', async () => {
    const before = await read();
    await save(owner.token, { ...before, locations: [...before.locations, 'Half Way Tree'] });
    const car = await addCar(t.app, owner.token, { location: 'Half Way Tree' });
    expect(car.location).toBe('Half Way Tree');

    const refused = await refusalOf(testApi(t.app, owner.token).call('addCar', { form: await carFormData({ ...car, location: 'Montego Bay' }) }));
    expect(refused.status).toBe(400);
    expect(refused.answer?.message).toMatch(/Please choose one of the company's pickup locations/);

    const found = await testApi(t.app).call('checkAvailability', { body: { location: 'Half Way Tree', pickupDate: day(2), returnDate: day(3) } });
    expect(found.availableCars.map((c) => c._id)).toEqual([car._id]);
  });

  it('answers a location the company does not list with no cars, not an error', async () => {
    const res = await callWithStatus(t.app, undefined, 'checkAvailability', { body: { location: 'Kingston', pickupDate: day(2), returnDate: day(3) } });
    expect(res.status).toBe(200);
    expect(res.answer).toEqual({ success: true, availableCars: [] });
  });

  it('will not remove a location cars still stand at (409), until they move', async () => {
    const start = await read();
    const without = { ...start, locations: start.locations.filter((l) => l !== 'Ocho Rios') };
    expect((await save(owner.token, { ...start, locations: [...without.locations, 'Ocho Rios'] })).status).toBe(200);
    const before = await read();
    const car = await addCar(t.app, owner.token, { location: 'Ocho Rios' });
    const refused = await refusalOf(save(owner.token, without));
    expect(refused.status).toBe(409);
    expect(refused.answer).toMatchObject({ code: 'location_in_use', message: expect.stringMatching(/Ocho Rios \(1 car\)/) });
    expect(await read()).toEqual(before);

    await testApi(t.app, owner.token).call('deleteCar', { body: { carId: car._id } });
    expect((await save(owner.token, without)).status).toBe(200);
  });
});

describe(`an owner's user data (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The account as userData answers it, its fields looked up by name. */
  const userData = async (token: string): Promise<Record<string, unknown>> => (await testApi(t.app, token).call('userData')).user;
  const BANK_FIELDS = ['bankName', 'accountHolderName', 'branch', 'accountNumber', 'accountType'];

  it("carries the company's bank fields for owners (empty until saved), never for customers", async () => {
    const [owner, customer] = await Promise.all([createOwner(t.app), registerCustomer(t.app)]);
    const empty = await userData(owner.token);
    for (const field of BANK_FIELDS) expect(empty[field], field).toBe('');

    const details = {
      bankName: 'NCB',
      accountHolderName: 'Waterford Car Rental',
      branch: 'Portmore',
      accountNumber: '3045-112',
      accountType: 'Chequing',
    } as const;
    expect((await callWithStatus(t.app, owner.token, 'bankDetails', { body: details })).status).toBe(200);
    expect(await userData(owner.token)).toMatchObject({ role: 'owner', ...details });

    const theirs = await userData(customer.token);
    for (const field of BANK_FIELDS) expect(theirs, field).not.toHaveProperty(field);
  });
});
