/**
 * Prices the company sets: seasons priced day by day, weekly and monthly rates, extras with a
 * stock, other drivers, delivery and GCT. The quote call and the booking give the same lines, a
 * booking keeps them whatever changes later, and the last child seat goes to one customer only.
 */
import {
  type BodyInputOf,
  type PublicCompanyFacts,
  ROUTES,
  type Extra,
  type PriceRules,
  type PricesBodyInput,
  quote as contractQuote,
  type Quote,
} from '@rental/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingExtras, bookings, outbox } from '../src/db/schema';
import { type Account, callWithStatus, createOwner, createTestApp, describeDatabase, outcomeOf, refusalOf, statusOf, type TestApp, testApi } from './helpers';
import { addCar, customersWithTokens, day, ownerCall } from './support/fleet';

const NO_RULES: PriceRules = {
  seasons: [],
  weeklyPercentOff: 0,
  monthlyPercentOff: 0,
  additionalDriverPerDay: 0,
  delivery: { airport: null, portmore: null, kingston: null },
};

describe(`prices and extras (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let company: PublicCompanyFacts;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    company = (await testApi(t.app).call('company')).company;
  });
  afterAll(() => t?.close());
  // Every test sets the rules it needs; none leaves them to the next.
  afterEach(async () => {
    await savePrices({ ...NO_RULES, extras: [] });
    await saveCompany(company);
  });

  async function savePrices(body: PricesBodyInput): Promise<{ rules: PriceRules; extras: Extra[] }> {
    const res = await callWithStatus(t.app, owner.token, 'savePrices', { body });
    expect(res.status).toBe(200);
    return res.answer;
  }
  const saveCompany = (settings: BodyInputOf<'updateCompany'>) => callWithStatus(t.app, owner.token, 'updateCompany', { body: settings });
  const quoteOf = (body: BodyInputOf<'quote'>) => callWithStatus(t.app, undefined, 'quote', { body });
  /** A refused call's status and words. */
  const refusedWith = async (call: Promise<unknown>) => {
    const { status, answer } = await refusalOf(call);
    return [status, answer?.message];
  };
  /** A customer of one's own: each account may hold only a few pending bookings. */
  const someone = async () => (await customersWithTokens(t.app, 1))[0]!.token;
  const bookAs = (token: string, body: Omit<BodyInputOf<'createBooking'>, 'paymentMethod'>) =>
    callWithStatus(t.app, token, 'createBooking', { body: { paymentMethod: 'upfront', ...body } });

  it('prices a week across a season’s first day: each day on its own, then the weekly rate, then GCT', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Yaris', category: 'Sedan', pricePerDay: 10_000 });
    await savePrices({
      ...NO_RULES,
      weeklyPercentOff: 10,
      seasons: [{ name: 'Christmas', startDate: day(13), endDate: day(30), priority: 1, minDays: null, carRates: {}, categoryPercents: { Sedan: 20 } }],
      extras: [],
    });
    const res = await quoteOf({ car: car._id, pickupDate: day(10), returnDate: day(17) });
    expect(res.status).toBe(200);
    const q: Quote = res.answer.quote;
    expect(q.lines).toEqual([
      { kind: 'days', label: 'Toyota Yaris', quantity: 3, unitPrice: 10_000, amount: 30_000 },
      { kind: 'days', label: 'Toyota Yaris, Christmas', quantity: 4, unitPrice: 12_000, amount: 48_000 },
      { kind: 'discount', label: 'Weekly rate: 10% off', quantity: 1, unitPrice: -7800, amount: -7800 },
    ]);
    expect({ subtotal: q.subtotal, gct: q.gct, total: q.total, securityDeposit: q.securityDeposit }).toEqual({
      subtotal: 70_200,
      gct: 10_530,
      total: 80_730,
      securityDeposit: company.securityDeposit,
    });

    // Six days: no weekly rate.
    const six: Quote = (await quoteOf({ car: car._id, pickupDate: day(10), returnDate: day(16) })).answer.quote;
    expect(six.lines.map((l) => l.kind)).toEqual(['days', 'days']);
    expect(six.subtotal).toBe(3 * 10_000 + 3 * 12_000);
  });

  it('lets a car’s own season rate win over its category’s, and the higher priority win where seasons meet', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit', category: 'Hatchback', pricePerDay: 8000 });
    await savePrices({
      ...NO_RULES,
      seasons: [
        {
          name: 'Summer',
          startDate: day(20),
          endDate: day(40),
          priority: 1,
          minDays: null,
          carRates: { [car._id]: 9000 },
          categoryPercents: { Hatchback: 50 },
        },
        { name: 'Emancipation Day', startDate: day(22), endDate: day(22), priority: 5, minDays: null, carRates: {}, categoryPercents: { Hatchback: -25 } },
      ],
      extras: [],
    });
    const q: Quote = (await quoteOf({ car: car._id, pickupDate: day(21), returnDate: day(24) })).answer.quote;
    expect(q.lines.map(({ label, quantity, unitPrice }) => [label, quantity, unitPrice])).toEqual([
      ['Honda Fit, Summer', 2, 9000],
      ['Honda Fit, Emancipation Day', 1, 6000],
    ]);
  });

  it('takes the monthly rate instead of the weekly one from 28 days', async () => {
    const car = await addCar(t.app, owner.token, { pricePerDay: 5000 });
    await savePrices({ ...NO_RULES, weeklyPercentOff: 10, monthlyPercentOff: 25, extras: [] });
    const q: Quote = (await quoteOf({ car: car._id, pickupDate: day(5), returnDate: day(33) })).answer.quote;
    expect(q.lines.at(-1)).toEqual({ kind: 'discount', label: 'Monthly rate: 25% off', quantity: 1, unitPrice: -35_000, amount: -35_000 });
    expect(q.subtotal).toBe(28 * 5000 - 35_000);
  });

  it('adds GCT at the company’s rate: 15% by default, nothing at 0%', async () => {
    const car = await addCar(t.app, owner.token, { pricePerDay: 7777 });
    const at15: Quote = (await quoteOf({ car: car._id, pickupDate: day(3), returnDate: day(4) })).answer.quote;
    expect([at15.subtotal, at15.gctPercent, at15.gct, at15.total]).toEqual([7777, 15, 1167, 8944]);
    expect((await saveCompany({ ...company, gctPercent: 0 })).status).toBe(200);
    const at0: Quote = (await quoteOf({ car: car._id, pickupDate: day(3), returnDate: day(4) })).answer.quote;
    expect([at0.subtotal, at0.gct, at0.total]).toEqual([7777, 0, 7777]);
    const booked = await bookAs(await someone(), { car: car._id, pickupDate: day(3), returnDate: day(4) });
    expect(booked.answer.booking.price).toBe(7777);
  });

  it('refuses a rental shorter than a season’s fewest days, in words, both to quote and to book', async () => {
    const car = await addCar(t.app, owner.token);
    await savePrices({
      ...NO_RULES,
      seasons: [{ name: 'Easter', startDate: day(40), endDate: day(45), priority: 1, minDays: 4, carRates: {}, categoryPercents: { Sedan: 10, SUV: 10 } }],
      extras: [],
    });
    const message = 'Rentals during Easter are for at least 4 days. Please choose a later return date.';
    expect(await refusedWith(quoteOf({ car: car._id, pickupDate: day(44), returnDate: day(46) }))).toEqual([422, message]);
    expect(await refusedWith(bookAs(await someone(), { car: car._id, pickupDate: day(44), returnDate: day(46) }))).toEqual([422, message]);
    expect((await bookAs(await someone(), { car: car._id, pickupDate: day(44), returnDate: day(48) })).status).toBe(201);
  });

  it('sells extras, other drivers and delivery on the quote, and the booking keeps them after prices change', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Kia', model: 'Rio', pricePerDay: 6000 });
    const { extras } = await savePrices({
      ...NO_RULES,
      additionalDriverPerDay: 1000,
      delivery: { airport: 5000, portmore: 2000, kingston: null },
      extras: [
        {
          name: 'Collision damage waiver',
          description: 'Covers damage to the car above the excess.',
          charge: 'per_day',
          price: 2500,
          maxPerBooking: 1,
          stock: null,
        },
        { name: 'Child seat', description: 'For children up to 4 years.', charge: 'per_day', price: 800, maxPerBooking: 2, stock: 4 },
      ],
    });
    const [waiver, seat] = extras as [Extra, Extra];
    const choices = {
      extras: [
        { id: waiver.id, quantity: 1 },
        { id: seat.id, quantity: 2 },
      ],
      additionalDrivers: 1,
      delivery: { place: 'airport' as const, flightNumber: 'jm 123' },
    };
    const res = await quoteOf({ car: car._id, pickupDate: day(8), returnDate: day(11), ...choices });
    expect(res.status).toBe(200);
    const q: Quote = res.answer.quote;
    expect(q.lines.map(({ label, amount }) => [label, amount])).toEqual([
      ['Kia Rio', 18_000],
      ['Collision damage waiver, 1 × 3 days', 7500],
      ['Child seat, 2 × 3 days', 4800],
      ['Other driver, 1 × 3 days', 3000],
      ['Delivery and collection: Norman Manley International, KIN, flight JM 123', 5000],
    ]);
    expect(q.total).toBe(38_300 + Math.round(38_300 * 0.15));

    const token = await someone();
    const booked = await bookAs(token, { car: car._id, pickupDate: day(8), returnDate: day(11), ...choices });
    expect(booked.status).toBe(201);
    const { booking } = booked.answer;
    expect(booking.quote).toEqual(q);
    expect(booking.price).toBe(q.total);
    const taken = await t.db
      .select({ extraId: bookingExtras.extraId, quantity: bookingExtras.quantity })
      .from(bookingExtras)
      .where(eq(bookingExtras.bookingId, booking._id));
    expect(taken.sort((a, b) => a.quantity - b.quantity)).toEqual([
      { extraId: waiver.id, quantity: 1 },
      { extraId: seat.id, quantity: 2 },
    ]);

    // The price covers one other driver: a second is charged at the rate the booking was quoted, the rest as sold.
    const driver = (name: string) => ({
      name,
      licenceNumber: 'JM 1234-5678',
      licenceCountry: 'Jamaica',
      licenceIssued: '2015-01-10',
      licenceExpires: '2031-01-10',
      dateOfBirth: '1990-03-04',
    });
    const nameDrivers = (...names: string[]) =>
      callWithStatus(t.app, token, 'bookingDrivers', { params: { id: booking._id }, body: { drivers: names.map(driver) } });
    const two = await nameDrivers('Jane Brown', 'Paul Reid');
    expect(two.status).toBe(200);
    expect(two.answer.booking.quote!.lines.map(({ label, amount }) => [label, amount])).toContainEqual(['Other drivers, 2 × 3 days', 6000]);
    expect(two.answer.booking.price).toBe(41_300 + Math.round(41_300 * 0.15));
    const one = await nameDrivers('Jane Brown');
    expect(one.status).toBe(200);
    expect(one.answer.booking.quote).toEqual(q);

    // The customer's e-mail tells the same lines, GCT and the deposit.
    const letters = await t.db.select({ text: outbox.textBody, kind: outbox.kind }).from(outbox).where(eq(outbox.bookingId, booking._id));
    const letter = letters.find((l) => l.text.includes('Thank you for booking'))!.text;
    for (const words of ['Child seat, 2 × 3 days', '6 × $800 JMD = $4,800 JMD', 'GCT (15%)', `$${q.total.toLocaleString('en-US')} JMD`, 'Security deposit'])
      expect(letter).toContain(words);

    // The accountant's export has the same lines.
    const csv = await ownerCall(t.app, owner.token, 'GET', `${ROUTES.ownerBookingsCsv.path}?q=${booking.reference}`);
    expect(csv.body).toContain(`"${q.subtotal}","${q.gct}","Kia Rio: 18000; Collision damage waiver, 1 × 3 days: 7500; Child seat, 2 × 3 days: 4800;`);

    // Dearer seats and no more waiver: the booking keeps what it was sold.
    await savePrices({ ...NO_RULES, extras: [{ ...seat, price: 2000 }] });
    const later = await testApi(t.app, token).call('userBooking', { params: { reference: booking.reference } });
    expect(later.booking.quote).toEqual(q);
    const gone = quoteOf({ car: car._id, pickupDate: day(8), returnDate: day(11), extras: [{ id: waiver.id, quantity: 1 }] });
    expect(await refusedWith(gone)).toEqual([422, 'One of the extras you chose is no longer offered. Please choose the extras again.']);
  });

  it('says plainly what cannot be sold: more than the most per booking, delivery not offered, an unknown car', async () => {
    const car = await addCar(t.app, owner.token);
    const { extras } = await savePrices({
      ...NO_RULES,
      extras: [{ name: 'Child seat', description: '', charge: 'per_day', price: 800, maxPerBooking: 2, stock: 4 }],
    });
    const tooMany = quoteOf({ car: car._id, pickupDate: day(3), returnDate: day(4), extras: [{ id: extras[0]!.id, quantity: 3 }] });
    expect(await refusedWith(tooMany)).toEqual([422, 'A booking can have at most 2 of Child seat.']);
    const nowhere = await refusalOf(quoteOf({ car: car._id, pickupDate: day(3), returnDate: day(4), delivery: { place: 'kingston', address: '1 Hope Road' } }));
    expect(nowhere.status).toBe(422);
    expect(nowhere.answer?.message).toMatch(/does not deliver there/);
    expect(await statusOf(quoteOf({ car: '00000000-0000-4000-8000-000000000000', pickupDate: day(3), returnDate: day(4) }))).toBe(404);
    const badRules = callWithStatus(t.app, owner.token, 'savePrices', { body: { ...NO_RULES, weeklyPercentOff: 95, extras: [] } });
    expect(await refusedWith(badRules)).toEqual([400, 'Weekly rate (percent off) must be at most 90.']);
  });

  it('keeps every change of the rules and extras in the history, by who made it', async () => {
    await savePrices({
      ...NO_RULES,
      weeklyPercentOff: 12,
      extras: [{ name: 'GPS', description: '', charge: 'per_rental', price: 3000, maxPerBooking: 1, stock: 3 }],
    });
    const res = await callWithStatus(t.app, owner.token, 'ownerActivity', { query: { kind: 'prices', limit: 10 } });
    expect(res.status).toBe(200);
    const entries = res.answer.entries;
    expect(entries.find((e) => e.subjectName === 'GPS')).toMatchObject({
      action: 'added',
      after: expect.objectContaining({ price: 3000, stock: 3 }),
      actor: { name: owner.user.name },
    });
    expect(entries.find((e) => e.after?.weeklyPercentOff === 12)).toMatchObject({ action: 'changed', actor: { name: owner.user.name } });
  });

  it('gives the last child seats to as many customers as there are seats when 20 race for them, never more', async () => {
    const { extras } = await savePrices({
      ...NO_RULES,
      extras: [{ name: 'Child seat', description: '', charge: 'per_day', price: 800, maxPerBooking: 2, stock: 4 }],
    });
    const seat = extras[0]!;
    const cars = await Promise.all(Array.from({ length: 20 }, () => addCar(t.app, owner.token)));
    const crowd = await customersWithTokens(t.app, 20);
    const answers = await Promise.all(
      crowd.map((c, i) => outcomeOf(bookAs(c.token, { car: cars[i]!._id, pickupDate: day(50), returnDate: day(52), extras: [{ id: seat.id, quantity: 1 }] }))),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(4);
    for (const lost of answers.filter((a) => a.status !== 201)) {
      expect([lost.status, lost.refusal?.message]).toEqual([
        409,
        'One of the extras you chose is already taken for some of these days. Please choose fewer, or other dates.',
      ]);
    }
    // The day after they come back, a seat is free again.
    const spare = await addCar(t.app, owner.token);
    expect((await bookAs(await someone(), { car: spare._id, pickupDate: day(53), returnDate: day(54), extras: [{ id: seat.id, quantity: 2 }] })).status).toBe(
      201,
    );

    // Staff cannot re-open a cancelled booking whose seat someone else took meanwhile.
    const first = won[0]!.answer!.booking;
    const setStatus = (status: 'cancelled' | 'confirmed') => callWithStatus(t.app, owner.token, 'changeStatus', { body: { bookingId: first._id, status } });
    expect((await setStatus('cancelled')).status).toBe(200);
    const late = crowd.find((_, i) => answers[i]!.status !== 201)!;
    const lateCar = cars[answers.findIndex((a) => a.status !== 201)]!;
    expect((await bookAs(late.token, { car: lateCar._id, pickupDate: day(51), returnDate: day(51), extras: [{ id: seat.id, quantity: 1 }] })).status).toBe(201);
    const reopen = await refusalOf(setStatus('confirmed'));
    expect(reopen.status).toBe(409);
    expect(reopen.answer?.message).toMatch(/one of its extras/);
  }, 120_000);

  it('stores the total the contract’s quote gives, for random rules, cars, days and extras', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pricePerDay: fc.integer({ min: 1, max: 250_000 }),
          ahead: fc.integer({ min: 0, max: 200 }),
          length: fc.integer({ min: 0, max: 40 }),
          seasonStart: fc.integer({ min: 0, max: 240 }),
          seasonLength: fc.integer({ min: 0, max: 30 }),
          percent: fc.integer({ min: -90, max: 300 }),
          weekly: fc.integer({ min: 0, max: 90 }),
          monthly: fc.integer({ min: 0, max: 90 }),
          gct: fc.constantFrom(0, 15, 16.5),
          waiver: fc.integer({ min: 0, max: 1 }),
          drivers: fc.integer({ min: 0, max: 3 }),
        }),
        async (r) => {
          const car = await addCar(t.app, owner.token, { pricePerDay: r.pricePerDay, category: 'SUV' });
          const saved = await savePrices({
            ...NO_RULES,
            weeklyPercentOff: r.weekly,
            monthlyPercentOff: r.monthly,
            additionalDriverPerDay: 700,
            seasons: [
              {
                name: 'High',
                startDate: day(r.seasonStart),
                endDate: day(r.seasonStart + r.seasonLength),
                priority: 1,
                minDays: null,
                carRates: {},
                categoryPercents: { SUV: r.percent },
              },
            ],
            extras: [{ name: 'Waiver', description: '', charge: 'per_rental', price: 3000, maxPerBooking: 1, stock: null }],
          });
          const settings = { ...company, gctPercent: r.gct };
          expect((await saveCompany(settings)).status).toBe(200);
          const request = {
            pickupDate: day(r.ahead),
            returnDate: day(r.ahead + r.length),
            extras: [{ id: saved.extras[0]!.id, quantity: r.waiver }],
            additionalDrivers: r.drivers,
          };
          const res = await bookAs(owner.token, { car: car._id, ...request });
          expect(res.status).toBe(201);
          const expected = contractQuote(
            { id: car._id, brand: car.brand, model: car.model, category: car.category, pricePerDay: r.pricePerDay },
            request,
            saved.rules,
            saved.extras,
            settings,
          );
          const [stored] = await t.db.select({ price: bookings.price, quote: bookings.quote }).from(bookings).where(eq(bookings.id, res.answer.booking._id));
          expect(stored!.quote).toEqual(expected.quote);
          expect(stored!.price).toBe(expected.quote!.total);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
