/**
 * Changing a booking's dates or car, through the API: longer, shorter, another car, a rental on the
 * road extended; refusals on a taken day that leave the booking exactly as it was (its row and its
 * days taken); what a customer may not do; a change racing another customer's booking for the same
 * day; the e-mail and the history.
 */
import { BOOKING_CHANGE_MESSAGES as M, type BodyInputOf, bookingChangeResponses, MESSAGES } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox, rentals } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import {
  type Account,
  bookCar,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  outcomeOf,
  registerCustomer,
  type TestApp,
} from './helpers';
import { approvedCustomer, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';

describe(`changing a booking's dates or car (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let agent: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
    agent = await createStaff(t.app, 'agent', { name: 'Tanya Reid' });
  });
  afterAll(async () => {
    await t?.close();
  });

  let plate = 300;
  const newCar = (pricePerDay = 8000) => addCar(t.app, owner.token, { pricePerDay, plate: `${plate++} BC` } as never);
  /** A change, or its preview: the status with the answer when made, or the refusal. */
  const change = (token: string, id: string, body: BodyInputOf<'changeBooking'>) =>
    outcomeOf(callWithStatus(t.app, token, 'changeBooking', { params: { id }, body }));
  const preview = (token: string, id: string, body: BodyInputOf<'bookingChangeQuote'>) =>
    outcomeOf(callWithStatus(t.app, token, 'bookingChangeQuote', { params: { id }, body }));
  const book = (token: string, car: string, pickupDate: string, returnDate: string) =>
    outcomeOf(callWithStatus(t.app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } }));

  const made = (customer: Account, carId: string, pickupDate: string, returnDate: string) => bookCar(t.app, customer.token, carId, pickupDate, returnDate);

  /** Everything a failed change must leave as it was: the row, its days taken, its history and its e-mails. */
  async function state(id: string) {
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const days = await queryRows(t.db, sql`SELECT car_id, period::text AS period FROM derived.car_days_taken WHERE booking_id = ${id}::uuid`);
    const history = await queryRows(t.db, sql`SELECT count(*)::int AS n FROM activity WHERE subject = 'booking' AND subject_id = ${id}`);
    const letters = await queryRows(t.db, sql`SELECT count(*)::int AS n FROM outbox WHERE booking_id = ${id}::uuid`);
    return { row, days, history, letters };
  }

  const daysTaken = (id: string) =>
    queryRows<{ car_id: string; period: string }>(t.db, sql`SELECT car_id, period::text AS period FROM derived.car_days_taken WHERE booking_id = ${id}::uuid`);

  it('lengthens a confirmed booking for staff, showing the difference first and writing nothing then', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Marcia Brown' });
    const booking = await made(customer, car._id, day(10), day(12));
    const before = await state(booking._id);

    const asked = await preview(agent.token, booking._id, { returnDate: day(14) });
    expect(asked.status, JSON.stringify(asked.refusal)).toBe(200);
    const quoted = bookingChangeResponses.changeQuote.parse(asked.answer).change;
    expect(quoted.before).toMatchObject({ pickupDate: day(10), returnDate: day(12), days: 2, total: booking.price });
    expect(quoted.after).toMatchObject({ pickupDate: day(10), returnDate: day(14), days: 4 });
    expect(quoted.difference).toBe(quoted.after.total - booking.price);
    expect(quoted.difference).toBeGreaterThan(0);
    // The preview wrote nothing at all.
    expect(await state(booking._id)).toEqual(before);

    const res = await change(agent.token, booking._id, { returnDate: day(14) });
    expect(res.status, JSON.stringify(res.refusal)).toBe(200);
    const done = bookingChangeResponses.changed.parse(res.answer);
    expect(done.message).toBe(M.changed);
    expect(done.change).toEqual(quoted);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row).toMatchObject({ returnDate: day(14), price: quoted.after.total, status: 'pending' });
    expect(row!.quote).toEqual(quoted.after.quote);
    expect(await daysTaken(booking._id)).toEqual([{ car_id: car._id, period: `[${day(10)},${day(15)})` }]);
  });

  it('lets a customer shorten their own booking, cheaper', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const booking = await made(customer, car._id, day(20), day(25));
    const res = await change(customer.token, booking._id, { returnDate: day(22) });
    expect(res.status, JSON.stringify(res.refusal)).toBe(200);
    const { change: done } = bookingChangeResponses.changed.parse(res.answer);
    expect(done.after.days).toBe(2);
    expect(done.difference).toBeLessThan(0);
    expect(await daysTaken(booking._id)).toEqual([{ car_id: car._id, period: `[${day(20)},${day(23)})` }]);
  });

  it('moves a booking to another car for staff, at the other car’s price', async () => {
    const [cheap, dear] = [await newCar(6000), await newCar(12_000)];
    const customer = await registerCustomer(t.app);
    const booking = await made(customer, cheap._id, day(30), day(33));
    const res = await change(owner.token, booking._id, { car: dear._id });
    expect(res.status, JSON.stringify(res.refusal)).toBe(200);
    const { change: done } = bookingChangeResponses.changed.parse(res.answer);
    expect(done.before.car._id).toBe(cheap._id);
    expect(done.after.car).toEqual({ _id: dear._id, name: 'Toyota Corolla' });
    expect(done.difference).toBeGreaterThan(0);
    expect(await daysTaken(booking._id)).toEqual([{ car_id: dear._id, period: `[${day(30)},${day(34)})` }]);
    // The cheap car's days are free again: another customer can book them.
    expect((await book((await registerCustomer(t.app)).token, cheap._id, day(30), day(33))).status).toBe(201);
  });

  it('extends a rental on the road, and its new return day gets its own reminder', async () => {
    const car = await newCar();
    const customer = await approvedCustomer(t.app, 'Devon Clarke');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, owner.token, booking._id, { odometerKm: 60_000 }));
    expect(out.statusCode, out.body).toBe(200);
    await t.db.update(rentals).set({ returnRemindedAt: new Date() }).where(eq(rentals.bookingId, booking._id));

    const shorter = await change(agent.token, booking._id, { returnDate: day(1) });
    expect(shorter.refusal).toMatchObject({ success: false, message: M.onRentShorter });
    expect((await change(agent.token, booking._id, { pickupDate: day(1) })).refusal?.message).toBe(M.onRentPickup);

    const res = await change(agent.token, booking._id, { returnDate: day(5) });
    expect(res.status, JSON.stringify(res.refusal)).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row).toMatchObject({ status: 'on_rent', pickupDate: day(0), returnDate: day(5) });
    const [rental] = await t.db.select().from(rentals).where(eq(rentals.bookingId, booking._id));
    expect(rental!.returnRemindedAt).toBeNull();
    // The customer cannot do it themselves.
    expect((await change(customer.token, booking._id, { returnDate: day(6) })).status).toBe(409);
  });

  it('refuses new days another booking or a block holds, leaving the booking exactly as it was', async () => {
    const car = await newCar();
    const [first, second] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const booking = await made(first, car._id, day(40), day(42));
    await made(second, car._id, day(44), day(45));
    const before = await state(booking._id);

    for (const ask of [preview, change]) {
      const res = await ask(owner.token, booking._id, { returnDate: day(44) });
      expect(res.status).toBe(409);
      expect(res.refusal?.message).toBe(M.datesTaken);
    }
    expect(await state(booking._id)).toEqual(before);

    const block = await callWithStatus(t.app, owner.token, 'createBlock', {
      body: { car: car._id, pickupDate: day(38), returnDate: day(39), note: 'Service' },
    });
    expect(block.status).toBe(201);
    const res = await change(first.token, booking._id, { pickupDate: day(39) });
    expect(res.status).toBe(409);
    expect(res.refusal?.message).toBe(M.blockedDays);
    expect(await state(booking._id)).toEqual(before);
  });

  it('keeps a customer to their own booking, its dates only, before its pickup day', async () => {
    const [car, other] = [await newCar(), await newCar()];
    const [owner1, stranger] = [await approvedCustomer(t.app, 'Shanice Lee'), await registerCustomer(t.app)];
    const booking = await made(owner1, car._id, day(50), day(52));
    const before = await state(booking._id);

    const notTheirs = await change(stranger.token, booking._id, { returnDate: day(53) });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.refusal?.message).toBe(MESSAGES.bookingNotFound);
    expect((await preview(stranger.token, booking._id, { returnDate: day(53) })).status).toBe(404);
    const swap = await change(owner1.token, booking._id, { car: other._id });
    expect(swap.status).toBe(403);
    expect(swap.refusal?.message).toBe(M.customerCarSwap);
    expect(await state(booking._id)).toEqual(before);

    const today = await confirmedBooking(t.app, owner, owner1, other._id, day(0), day(2));
    const late = await change(owner1.token, today._id, { returnDate: day(3) });
    expect(late.status).toBe(409);
    expect(late.refusal?.message).toBe(M.customerPickupReached);
    expect((await change(owner1.token, booking._id, { returnDate: day(52) })).refusal?.message).toBe(M.nothingToChange);
  });

  it('lets exactly one of a change and another customer’s booking of the same day win', async () => {
    for (let round = 0; round < 3; round++) {
      const car = await newCar();
      const [first, second] = [await registerCustomer(t.app), await registerCustomer(t.app)];
      const booking = await made(first, car._id, day(60), day(62));
      const [changed, rival] = await Promise.all([change(first.token, booking._id, { returnDate: day(64) }), book(second.token, car._id, day(64), day(66))]);
      // Exactly one wins: the change (200) and the booking refused, or the booking (201) and the change refused.
      expect([changed.status, rival.status], JSON.stringify([changed.refusal, rival.refusal])).toSatisfy(
        ([a, b]: number[]) => (a === 200 && b === 409) || (a === 409 && b === 201),
      );
      const taken = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM derived.car_days_taken a JOIN derived.car_days_taken b ON a.car_id = b.car_id AND a.booking_id < b.booking_id AND a.period && b.period WHERE a.car_id = ${car._id}::uuid`,
      );
      expect(taken[0]!.n).toBe(0);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
      expect(row!.returnDate).toBe(changed.status === 200 ? day(64) : day(62));
    }
  });

  it('tells the customer by e-mail, before and after, and the history says who changed what', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Omar Grant' });
    const booking = await made(customer, car._id, day(70), day(72));
    // Paid in full, into the folio, as staff record it.
    const paid = await callWithStatus(t.app, agent.token, 'changePaymentStatus', { body: { bookingId: booking._id, paymentStatus: 'paid', method: 'cash' } });
    expect(paid.status).toBe(200);
    const res = await change(agent.token, booking._id, { pickupDate: day(71), returnDate: day(75) });
    expect(res.status, JSON.stringify(res.refusal)).toBe(200);
    const { change: done } = bookingChangeResponses.changed.parse(res.answer);
    // Paid in full before, dearer now: part of the price is in, the rest is owed.
    expect(done.paymentStatus).toBe('part_paid');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row!.paymentStatus).toBe('part_paid');

    const letters = await t.db.select().from(outbox).where(eq(outbox.bookingId, booking._id));
    const letter = letters.find((l) => l.subject === `Booking ${booking.reference} is changed`);
    expect(letter?.recipient).toBe(customer.user.email);
    expect(letter!.textBody).toContain('Before:');
    expect(letter!.textBody).toContain(done.paymentNote);
    expect(letter!.textBody).toMatch(/Now:/);

    // The change, and what the folio then says is paid, each under the agent's name.
    const entries = await queryRows<{ actor_id: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.db,
      sql`SELECT actor_id, before, after FROM activity WHERE subject = 'booking' AND subject_id = ${booking._id} ORDER BY id DESC LIMIT 2`,
    );
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor_id: agent.user._id,
          before: expect.objectContaining({ pickup_date: day(70), return_date: day(72), price: booking.price }),
          after: expect.objectContaining({ pickup_date: day(71), return_date: day(75), price: done.after.total }),
        }),
        expect.objectContaining({
          actor_id: agent.user._id,
          before: expect.objectContaining({ payment_status: 'paid' }),
          after: expect.objectContaining({ payment_status: 'part_paid' }),
        }),
      ]),
    );
  });

  it('keeps every change in the booking’s history, naming no one, and e-mails the customer once for each', async () => {
    const first = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit', pricePerDay: 7000, plate: `${plate++} BC` } as never);
    const second = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Shauna Ellis' });
    const booking = await made(customer, first._id, day(120), day(122));
    const longer = await change(customer.token, booking._id, { returnDate: day(123) });
    expect(longer.status, JSON.stringify(longer.refusal)).toBe(200);
    const lengthened = bookingChangeResponses.changed.parse(longer.answer).change.after.total;
    const moved = await change(agent.token, booking._id, { car: second._id });
    expect(moved.status, JSON.stringify(moved.refusal)).toBe(200);

    // Still pending: each change is in the history with the status it left the booking in.
    const events = await queryRows<{ kind: string; status: string | null; actor_id: string; data: Record<string, unknown> }>(
      t.db,
      sql`SELECT kind, status, actor_id, data FROM booking_events WHERE booking_id = ${booking._id}::uuid ORDER BY id`,
    );
    expect(events.map((e) => [e.kind, e.status, e.actor_id])).toEqual([
      ['book', 'pending', customer.user._id],
      ['change', 'pending', customer.user._id],
      ['change', 'pending', agent.user._id],
    ]);
    expect(events[2]!.data).toMatchObject({
      byStaff: true,
      confirmAgain: false,
      priceBefore: lengthened,
      before: { carId: first._id, pickupDate: day(120), returnDate: day(123) },
    });
    expect(JSON.stringify(events)).not.toMatch(/Shauna|Ellis|@/);

    // The customer hears of each change once; staff are not asked to confirm a pending booking again.
    const letters = await t.db
      .select({ kind: outbox.kind, recipient: outbox.recipient, text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.bookingId, booking._id))
      .orderBy(outbox.id);
    expect(letters.map((l) => l.kind)).toEqual(['booking_made', 'booking_made_staff', 'booking_changed', 'booking_changed']);
    expect(letters[2]!.text).toContain(`You changed your booking ${booking.reference}.`);
    // Staff's change: what it was (the first car, its days and price) beside what it is now.
    expect(letters[3]!.recipient).toBe(customer.user.email);
    expect(letters[3]!.text).toContain(`has changed your booking ${booking.reference}.`);
    expect(letters[3]!.text).toMatch(/Before:\n\nCar: +Honda Fit\n/);
    expect(letters[3]!.text).toContain('The new price is');
  });

  it('never lengthens a hold, and cuts it to a day when the pickup moves far ahead', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const booking = await made(customer, car._id, day(14), day(15));
    const [before] = await t.db.select({ hold: bookings.holdExpiresAt }).from(bookings).where(eq(bookings.id, booking._id));
    expect((await change(customer.token, booking._id, { pickupDate: day(16), returnDate: day(17) })).status).toBe(200);
    const [moved] = await t.db.select({ hold: bookings.holdExpiresAt }).from(bookings).where(eq(bookings.id, booking._id));
    expect(moved!.hold).toEqual(before!.hold);
    expect((await change(customer.token, booking._id, { pickupDate: day(90), returnDate: day(91) })).status).toBe(200);
    const [far] = await t.db.select({ hold: bookings.holdExpiresAt }).from(bookings).where(eq(bookings.id, booking._id));
    expect(far!.hold!.getTime()).toBeLessThanOrEqual(Math.min(before!.hold!.getTime(), Date.now() + 24 * 3_600_000 + 60_000));
  });

  it('keeps an extra with a stock to its stock on the new days, leaving the booking as it was when it does not fit', async () => {
    const saved = await callWithStatus(t.app, owner.token, 'savePrices', {
      body: {
        seasons: [],
        weeklyPercentOff: 0,
        monthlyPercentOff: 0,
        additionalDriverPerDay: 0,
        delivery: { airport: null, portmore: null, kingston: null },
        extras: [{ name: 'Child seat', description: '', charge: 'per_day', price: 800, maxPerBooking: 1, stock: 1 }],
      },
    });
    expect(saved.status).toBe(200);
    const seat = saved.answer.extras[0]!;
    const [carA, carB] = [await newCar(), await newCar()];
    const withSeat = async (customer: Account, carId: string, from: number, to: number) => {
      const res = await callWithStatus(t.app, customer.token, 'createBooking', {
        body: { car: carId, pickupDate: day(from), returnDate: day(to), paymentMethod: 'upfront', extras: [{ id: seat.id, quantity: 1 }] },
      });
      expect(res.status).toBe(201);
      return res.answer.booking;
    };
    const mine = await withSeat(await registerCustomer(t.app), carA._id, 80, 81);
    await withSeat(await registerCustomer(t.app), carB._id, 83, 84);
    const before = await state(mine._id);
    const res = await change(owner.token, mine._id, { returnDate: day(83) });
    expect(res.status, JSON.stringify(res.refusal)).toBe(409);
    expect(res.refusal?.message).toBe(M.extraSoldOut);
    expect(await state(mine._id)).toEqual(before);
    // One day short of the other seat's first day: it fits, and the seat is priced for the new days.
    const fits = await change(owner.token, mine._id, { returnDate: day(82) });
    expect(fits.status, JSON.stringify(fits.refusal)).toBe(200);
    expect(bookingChangeResponses.changed.parse(fits.answer).change.after.quote.lines.find((line) => line.kind === 'extra')).toMatchObject({
      quantity: 2,
      amount: 1600,
    });
  });

  it('answers a booking that does not exist, or nothing to change, in words', async () => {
    expect((await change(owner.token, 'not-an-id', { returnDate: day(5) })).status).toBe(404);
    expect((await change(owner.token, '00000000-0000-4000-8000-000000000000', { returnDate: day(5) })).status).toBe(404);
  });
});
