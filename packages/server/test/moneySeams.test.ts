/**
 * Money at the seams between what a customer saw and what the server charges, through the API:
 * other drivers named after booking are charged (price and folio); a customer stretching a
 * confirmed booking sends it back to staff, held and alerted; a price saved between the quote and
 * Confirm refuses the booking or the change with the new quote (409 price_changed), while a client
 * that sends no expectedTotal books at the server's price as before.
 */
import {
  addDays,
  API,
  type BodyInputOf,
  bookingChangeResponses,
  BOOKING_CHANGE_MESSAGES,
  type Extra,
  type Folio,
  holdMinutesFor,
  pathFor,
  type PricesBodyInput,
  type Quote,
  REFUSAL_CODES,
} from '@rental/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, outbox } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { type Account, authHeader, callWithStatus, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp } from './helpers';
import { confirmedBooking } from './support/counter';
import { addCar, day } from './support/fleet';

const NO_RULES: PricesBodyInput = {
  seasons: [],
  weeklyPercentOff: 0,
  monthlyPercentOff: 0,
  additionalDriverPerDay: 0,
  delivery: { airport: null, portmore: null, kingston: null },
  extras: [],
};

/** Someone allowed to drive on any day of the next year. */
const otherDriver = (name: string) => ({
  name,
  licenceNumber: 'JM 1234-5678',
  licenceCountry: 'Jamaica',
  licenceIssued: '2015-01-10',
  licenceExpires: addDays(day(0), 800),
  dateOfBirth: '1988-03-04',
});

describe(`money at the seams (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await savePrices(NO_RULES);
  });

  async function savePrices(body: PricesBodyInput): Promise<{ extras: Extra[] }> {
    const res = await callWithStatus(t.app, owner.token, 'savePrices', { body });
    expect(res.status).toBe(200);
    return res.answer;
  }
  let plate = 700;
  const newCar = () => addCar(t.app, owner.token, { brand: 'Kia', model: 'Rio', category: 'Sedan', pricePerDay: 6000, plate: `${plate++} MS` } as never);
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(token), payload });
  const folioOf = async (token: string, id: string): Promise<Folio> => {
    const res = await callWithStatus(t.app, token, 'folio', { params: { id } });
    expect(res.status).toBe(200);
    return res.answer.folio;
  };
  const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const quoteOf = async (body: BodyInputOf<'quote'>): Promise<Quote> => {
    const res = await callWithStatus(t.app, undefined, 'quote', { body });
    expect(res.status).toBe(200);
    return res.answer.quote;
  };

  it('charges three other drivers named for 30 days after booking: the new total asked first, then the price and the folio', async () => {
    await savePrices({ ...NO_RULES, additionalDriverPerDay: 1000 });
    const car = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Marcia Brown' });
    const made = await call(customer.token, 'POST', API.createBooking, { car: car._id, pickupDate: day(5), returnDate: day(35), paymentMethod: 'upfront' });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().booking as { _id: string; price: number; quote: Quote };
    expect(booking.quote.days).toBe(30);
    const url = pathFor('bookingDrivers', { id: booking._id });
    const drivers = [otherDriver('Jane Brown'), otherDriver('Paul Reid'), otherDriver('Tricia Lee')];

    // The form sends the total the customer sees: the drivers change it, so the new quote comes back and nothing is saved.
    const asked = await call(customer.token, 'PUT', url, { drivers, expectedTotal: booking.price });
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({ success: false, code: 'price_changed', message: REFUSAL_CODES.price_changed });
    const newQuote = asked.json().quote as Quote;
    const driverCharge = 3 * 30 * 1000;
    expect(newQuote.lines.find((line) => line.kind === 'driver')).toMatchObject({ label: 'Other drivers, 3 × 30 days', quantity: 90, amount: driverCharge });
    expect(newQuote).toMatchObject({ additionalDrivers: 3, subtotal: booking.quote.subtotal + driverCharge });
    expect(newQuote.total).toBe(newQuote.subtotal + Math.round(newQuote.subtotal * 0.15));
    expect(await rowOf(booking._id)).toMatchObject({ price: booking.price, additionalDrivers: [] });

    // Seen and accepted: saved at that total.
    const saved = await call(customer.token, 'PUT', url, { drivers, expectedTotal: newQuote.total });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ difference: newQuote.total - booking.price, booking: { price: newQuote.total, quote: newQuote } });
    expect(saved.json().message).toContain(`The total is now $${newQuote.total.toLocaleString('en-US')} JMD`);

    const folio = await folioOf(customer.token, booking._id);
    expect(folio.totals.charged).toBe(newQuote.total);
    const line = folio.lines.find((l) => l.kind === 'other_drivers');
    expect(line).toMatchObject({ label: 'Other drivers named: 3 instead of 0, for 30 days', amount: driverCharge, gct: newQuote.gct - booking.quote.gct });
    expect(folio.paymentStatus).toBe('unpaid');

    // One driver fewer: the booking is quoted for two, and the folio gives the difference back.
    const two = await call(customer.token, 'PUT', url, { drivers: drivers.slice(0, 2) });
    expect(two.statusCode, two.body).toBe(200);
    const { booking: after } = two.json() as { booking: { price: number; quote: Quote } };
    expect(after.quote.lines.find((l) => l.kind === 'driver')).toMatchObject({ quantity: 60, amount: 60_000 });
    expect((await folioOf(customer.token, booking._id)).totals.charged).toBe(after.price);
    // Still waiting for staff: no alert, the hold it had.
    expect(two.json().confirmAgain).toBe(false);
  });

  it('sends a confirmed booking made dearer by other drivers back to staff, held and alerted; one they cost nothing stays confirmed', async () => {
    await savePrices({ ...NO_RULES, additionalDriverPerDay: 1500 });
    const car = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Kemar Lewis' });
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(90), day(94));
    const url = pathFor('bookingDrivers', { id: booking._id });
    const res = await call(customer.token, 'PUT', url, { drivers: [otherDriver('Jane Brown')] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ confirmAgain: true, booking: { status: 'pending' } });
    const row = await rowOf(booking._id);
    expect(row.status).toBe('pending');
    const minutes = holdMinutesFor(day(90), t.app.config.holdMinutes);
    expect(Math.abs(row.holdExpiresAt!.getTime() - (Date.now() + minutes * 60_000))).toBeLessThan(5 * 60_000);
    const alerts = await t.db.select().from(outbox).where(eq(outbox.bookingId, booking._id));
    expect(alerts.find((letter) => letter.kind === 'booking_changed_staff')?.textBody).toContain('It waits for your confirmation again.');

    await savePrices(NO_RULES);
    const free = await confirmedBooking(t.app, owner, customer, car._id, day(100), day(102));
    const named = await call(customer.token, 'PUT', pathFor('bookingDrivers', { id: free._id }), { drivers: [otherDriver('Paul Reid')] });
    expect(named.json()).toMatchObject({ confirmAgain: false, difference: 0, booking: { status: 'confirmed', price: free.price } });
  });

  it('keeps other drivers named in the booking’s history; staff hear once when they send it back, the customer gets no change letter', async () => {
    await savePrices({ ...NO_RULES, additionalDriverPerDay: 1500 });
    const car = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Delroy Facey' });
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(110), day(112));
    const url = pathFor('bookingDrivers', { id: booking._id });
    const dearer = await call(customer.token, 'PUT', url, { drivers: [otherDriver('Jane Brown')] });
    expect(dearer.statusCode, dearer.body).toBe(200);
    const priceAfter = dearer.json().booking.price as number;
    // Pending now, for staff: naming the same driver again costs nothing more and asks no one.
    expect((await call(customer.token, 'PUT', url, { drivers: [otherDriver('Jane Brown')] })).statusCode).toBe(200);

    const events = await t.db
      .select({ kind: bookingEvents.kind, status: bookingEvents.status, data: bookingEvents.data })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking._id))
      .orderBy(bookingEvents.id);
    expect(events.map((e) => [e.kind, e.status])).toEqual([
      ['book', 'pending'],
      ['confirm', 'confirmed'],
      ['change', 'pending'],
      ['drivers_changed', null],
      ['drivers_changed', null],
    ]);
    expect(events[3]!.data).toEqual({ priceBefore: booking.price, priceAfter, confirmAgain: true });
    expect(events[4]!.data).toEqual({ priceBefore: priceAfter, priceAfter, confirmAgain: false });
    expect(JSON.stringify(events)).not.toMatch(/Jane|Brown|Delroy|@/);

    const kinds = (await t.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.bookingId, booking._id)).orderBy(outbox.id)).map((l) => l.kind);
    expect(kinds.filter((kind) => kind.startsWith('booking_changed'))).toEqual(['booking_changed_staff']);
  });

  it('sends a confirmed 2-day booking the customer stretches to 90 days over Christmas back to staff: pending, held, and staff e-mailed', async () => {
    const soon = day(10);
    const christmas = `${soon.slice(5) <= '12-25' ? soon.slice(0, 4) : Number(soon.slice(0, 4)) + 1}-12-25`;
    const pickup = [day(3), addDays(christmas, -30)].sort()[1]!;
    const year = christmas.slice(0, 4);
    await savePrices({
      ...NO_RULES,
      seasons: [
        {
          name: 'Christmas',
          startDate: `${year}-12-20`,
          endDate: `${Number(year) + 1}-01-02`,
          priority: 1,
          minDays: null,
          carRates: {},
          categoryPercents: { Sedan: 50 },
        },
      ],
    });
    const car = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Omar Grant' });
    const booking = await confirmedBooking(t.app, owner, customer, car._id, pickup, addDays(pickup, 2));

    const res = await call(customer.token, 'POST', pathFor('changeBooking', { id: booking._id }), { returnDate: addDays(pickup, 90) });
    expect(res.statusCode, res.body).toBe(200);
    const done = bookingChangeResponses.changed.parse(res.json());
    expect(done.message).toBe(BOOKING_CHANGE_MESSAGES.changedToConfirm);
    expect(done.change.confirmAgain).toBe(true);
    expect(done.change.after.days).toBe(90);
    expect(done.change.after.quote.lines.some((line) => line.label.endsWith('Christmas'))).toBe(true);

    const row = await rowOf(booking._id);
    expect(row).toMatchObject({ status: 'pending', price: done.change.after.total, returnDate: addDays(pickup, 90) });
    // Held as a new booking of these days is.
    const minutes = holdMinutesFor(pickup, t.app.config.holdMinutes);
    expect(Math.abs(row.holdExpiresAt!.getTime() - (Date.now() + minutes * 60_000))).toBeLessThan(5 * 60_000);
    const [event] = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking._id)).orderBy(desc(bookingEvents.id)).limit(1);
    expect(event).toMatchObject({ status: 'pending', actorId: customer.user._id });

    const letters = await t.db.select().from(outbox).where(eq(outbox.bookingId, booking._id));
    const alert = letters.find((letter) => letter.kind === 'booking_changed_staff');
    expect(alert?.subject).toContain(`Booking ${booking.reference} changed by the customer`);
    expect(alert!.recipient).not.toBe(customer.user.email);
    expect(alert!.textBody).toContain('It waits for your confirmation again.');
    const own = letters.find((letter) => letter.kind === 'booking_changed');
    expect(own!.textBody).toContain('now waits for our staff to confirm');

    // The folio charges the new days.
    expect((await folioOf(customer.token, booking._id)).totals.charged).toBe(done.change.after.total);
  });

  it('keeps a confirmed booking confirmed when staff change it, or the customer shortens it', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const staffChanged = await confirmedBooking(t.app, owner, customer, car._id, day(40), day(42));
    const byStaff = await call(owner.token, 'POST', pathFor('changeBooking', { id: staffChanged._id }), { returnDate: day(50) });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(byStaff.json().change.confirmAgain).toBe(false);
    expect(await rowOf(staffChanged._id)).toMatchObject({ status: 'confirmed', holdExpiresAt: null });

    const shortened = await confirmedBooking(t.app, owner, customer, car._id, day(60), day(64));
    const res = await call(customer.token, 'POST', pathFor('changeBooking', { id: shortened._id }), { pickupDate: day(61), returnDate: day(63) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: BOOKING_CHANGE_MESSAGES.changed, change: { confirmAgain: false } });
    expect(await rowOf(shortened._id)).toMatchObject({ status: 'confirmed' });
    const staffLetters = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM outbox WHERE kind = 'booking_changed_staff' AND booking_id IN (${staffChanged._id}::uuid, ${shortened._id}::uuid)`,
    );
    expect(staffLetters[0]!.n).toBe(0);
  });

  it('refuses to book when a season is saved between the quote and Confirm, with the new quote; without expectedTotal it books at the new price', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const wanted = { car: car._id, pickupDate: day(20), returnDate: day(24) };
    const seen = await quoteOf(wanted);
    await savePrices({
      ...NO_RULES,
      seasons: [{ name: 'Carnival', startDate: day(19), endDate: day(25), priority: 1, minDays: null, carRates: {}, categoryPercents: { Sedan: 30 } }],
    });
    const now = await quoteOf(wanted);
    expect(now.total).toBeGreaterThan(seen.total);

    const refused = await call(customer.token, 'POST', API.createBooking, { ...wanted, paymentMethod: 'upfront', expectedTotal: seen.total });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: REFUSAL_CODES.price_changed, code: 'price_changed', quote: now });
    const none = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${customer.user._id}::uuid`);
    expect(none[0]!.n).toBe(0);

    // The SPEC's own client sends no expectedTotal: the server's price stands, as before.
    const booked = await call(customer.token, 'POST', API.createBooking, { ...wanted, paymentMethod: 'upfront' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking).toMatchObject({ price: now.total, quote: now });
  });

  it('refuses a booking when an extra’s price is saved meanwhile, and books when the total seen is the price', async () => {
    const [seat] = (
      await savePrices({
        ...NO_RULES,
        extras: [{ name: 'Child seat', description: 'For children up to 4 years.', charge: 'per_day', price: 800, maxPerBooking: 2, stock: null }],
      })
    ).extras;
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const wanted = { car: car._id, pickupDate: day(70), returnDate: day(72), extras: [{ id: seat!.id, quantity: 1 }] };
    const seen = await quoteOf(wanted);
    await savePrices({ ...NO_RULES, extras: [{ ...seat!, price: 1200 }] });
    const refused = await call(customer.token, 'POST', API.createBooking, { ...wanted, paymentMethod: 'upfront', expectedTotal: seen.total });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('price_changed');
    const now = refused.json().quote as Quote;
    expect(now.total).toBeGreaterThan(seen.total);
    const booked = await call(customer.token, 'POST', API.createBooking, { ...wanted, paymentMethod: 'upfront', expectedTotal: now.total });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking.price).toBe(now.total);
  });

  it('refuses a change whose price moved since its preview, changing nothing', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const made = await call(customer.token, 'POST', API.createBooking, { car: car._id, pickupDate: day(80), returnDate: day(82), paymentMethod: 'upfront' });
    const booking = made.json().booking as { _id: string; price: number };
    const preview = await call(customer.token, 'POST', pathFor('bookingChangeQuote', { id: booking._id }), { returnDate: day(84) });
    const seen = preview.json().change.after.total as number;
    await savePrices({
      ...NO_RULES,
      seasons: [{ name: 'Easter', startDate: day(79), endDate: day(90), priority: 1, minDays: null, carRates: {}, categoryPercents: { Sedan: 25 } }],
    });
    const before = await rowOf(booking._id);

    const refused = await call(customer.token, 'POST', pathFor('changeBooking', { id: booking._id }), { returnDate: day(84), expectedTotal: seen });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'price_changed', message: REFUSAL_CODES.price_changed });
    expect(refused.json().quote.total).toBeGreaterThan(seen);
    expect(await rowOf(booking._id)).toEqual(before);

    const changed = await call(customer.token, 'POST', pathFor('changeBooking', { id: booking._id }), {
      returnDate: day(84),
      expectedTotal: refused.json().quote.total,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await rowOf(booking._id)).price).toBe(refused.json().quote.total);
  });
});
