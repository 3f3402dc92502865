/**
 * Bookings staff make for walk-in and phone customers (docs/decisions/094): finding the customer,
 * booking for someone new (with or without an e-mail) or known, under every rule of a customer's own
 * booking but the limit of holds; the letters, the set-password link and the history's line.
 */
import { BOOKING_REFUSALS, MAX_PENDING_BOOKINGS, MESSAGES, pathFor, ROUTES, STAFF_BOOKING_MESSAGES, type Car } from '@rental/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, outbox, users } from '../src/db/schema';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  type TestApp,
  testApi,
  uniqueEmail,
} from './helpers';
import { everyRow } from './support/everyRow';
import { addCar, day } from './support/fleet';

describe(`bookings staff make for customers (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let agent: Account;
  let car: Car;
  let offset = 0;
  /** Each test's own days: a few days apart, far enough that nothing else books them. */
  const days = () => {
    offset += 3;
    return { pickupDate: day(40 + offset), returnDate: day(41 + offset) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    agent = await createStaff(t.app, 'agent', { name: 'Counter Agent Ann' });
    car = await addCar(t.app, owner.token, { brand: 'Suzuki', model: 'Swift' });
  });
  afterAll(async () => t?.close());

  const staffBook = (payload: object, token = agent.token) =>
    t.app.inject({ method: 'POST', url: ROUTES.staffBooking.path, headers: authHeader(token), payload });
  const search = (q: string, token = agent.token) => callWithStatus(t.app, token, 'customerSearch', { query: { q } });
  const lettersTo = (recipient: string) => t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  const lettersOf = (bookingId: string) => t.db.select().from(outbox).where(eq(outbox.bookingId, bookingId));

  it('books a walk-in with only a phone number: an account without e-mail or password, no letter to them, the history names the agent', async () => {
    const res = await staffBook({ customer: { name: 'Desmond Walker', phone: '(876) 555-0101' }, car: car._id, ...days(), paymentMethod: 'upfront' });
    expect(res.statusCode, res.body).toBe(201);
    const { booking, message, notice } = res.json();
    expect(message).toBe(STAFF_BOOKING_MESSAGES.booked);
    expect(notice).toBe(STAFF_BOOKING_MESSAGES.driverMissing);
    expect(booking.status).toBe('pending');
    const [row] = await t.db.select({ userId: bookings.userId, price: bookings.price }).from(bookings).where(eq(bookings.id, booking._id));
    expect(row!.price).toBe(booking.price);
    const [customer] = await t.db.select().from(users).where(eq(users.id, row!.userId));
    expect(customer).toMatchObject({ name: 'Desmond Walker', email: null, passwordHash: null, phone: '(876) 555-0101', role: 'user' });
    // Only the staff's letter: the customer has no address.
    const letters = await lettersOf(booking._id);
    expect(letters.map((l) => l.kind)).toEqual(['booking_made_staff']);
    expect(letters[0]!.textBody).toContain('not given');
    // booking_events says the agent made it; the history says for whom.
    const [event] = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking._id));
    expect(event!.actorId).toBe(agent.user._id);
    const list = await testApi(t.app, owner.token).call('ownerActivity', { query: { kind: 'booking' } });
    const entry = list.entries.find((e) => e.subjectId === booking._id);
    expect(entry).toMatchObject({
      action: 'added',
      actor: { _id: agent.user._id, name: 'Counter Agent Ann' },
      after: { made_for: row!.userId, customer: 'Desmond Walker', new_customer: true, status: 'pending' },
    });
    // Nobody logs in to an account without a password, even with an empty one.
    expect(await statusOf(callWithStatus(t.app, undefined, 'login', { body: { email: 'desmond@example.com', password: 'x' } }))).toBe(401);
    // The walk-in is found by the digits of their phone number, however it is written.
    const found = await search('876 5550101');
    expect(found.answer.customers).toContainEqual({
      _id: row!.userId,
      name: 'Desmond Walker',
      email: '',
      phone: '(876) 555-0101',
      vetting: 'not_submitted',
      doNotRent: false,
      bookings: 1,
    });
    // The staff's list shows them with an empty e-mail.
    const owned = await testApi(t.app, owner.token).call('ownerBookings', { query: { q: 'Desmond Walker', limit: 5 } });
    expect(owned.bookings[0]!.user).toMatchObject({ name: 'Desmond Walker', email: '' });
  });

  it('books a new customer with an e-mail: the booking letter and a welcome link that sets their password once', async () => {
    const email = uniqueEmail('walkin');
    const res = await staffBook({
      customer: { name: 'Sherika Brown', phone: '876-555-0102', email: email.toUpperCase() },
      car: car._id,
      ...days(),
      paymentMethod: 'upfront',
      status: 'confirmed',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { booking, message } = res.json();
    expect(message).toBe(STAFF_BOOKING_MESSAGES.bookedConfirmed);
    expect(booking.status).toBe('confirmed');
    expect(booking.holdExpiresAt).toBeNull();
    const letters = await lettersTo(email);
    expect(letters.map((l) => l.kind).sort()).toEqual(['booking_confirmed', 'welcome_link']);
    const welcome = letters.find((l) => l.kind === 'welcome_link')!;
    expect(welcome.textBody).not.toMatch(/token=(?!link-not-kept)/);
    const token = welcome.linkToken!;
    expect(token).toBeTruthy();
    const resetPassword = (password: string) => callWithStatus(t.app, undefined, 'resetPassword', { body: { token, password } });
    expect((await resetPassword('my own new password')).status).toBe(200);
    expect(await statusOf(resetPassword('another password here'))).toBe(400);
    const login = await callWithStatus(t.app, undefined, 'login', { body: { email, password: 'my own new password' } });
    expect(login.status).toBe(200);
    const mine = await testApi(t.app, login.answer.token).call('userBookings');
    expect(mine.bookings.map((b) => b._id)).toEqual([booking._id]);
  });

  it('books an existing customer by their account, sends them the same letter as their own booking, and applies no limit of holds', async () => {
    const customer = await registerCustomer(t.app, { name: 'Rohan Campbell' });
    const found = await search('rohan camp');
    expect(found.answer.customers.map((c) => c._id)).toContain(customer.user._id);
    const byEmail = await search(customer.user.email.slice(0, 12).toUpperCase());
    expect(byEmail.answer.customers.map((c) => c._id)).toContain(customer.user._id);
    const book = (pickupDate: string) =>
      callWithStatus(t.app, customer.token, 'createBooking', { body: { car: car._id, pickupDate, returnDate: pickupDate, paymentMethod: 'upfront' } });
    for (let i = 0; i < MAX_PENDING_BOOKINGS; i++) expect((await book(day(200 + i * 2))).status).toBe(201);
    const own = await refusalOf(book(day(230)));
    expect([own.status, own.answer?.message]).toEqual([409, BOOKING_REFUSALS.too_many_holds.message]);
    const res = await staffBook({ customer: { userId: customer.user._id }, car: car._id, ...days(), paymentMethod: 'upfront' });
    expect(res.statusCode, res.body).toBe(201);
    const letters = await lettersOf(res.json().booking._id);
    expect(letters.map((l) => [l.kind, l.recipient])).toContainEqual(['booking_made', customer.user.email]);
  });

  it('a new customer with the e-mail of an account: 409 suggesting to choose them, and nothing written', async () => {
    const customer = await registerCustomer(t.app);
    const before = await everyRow(t.database.opened.raw);
    const res = await staffBook({
      customer: { name: 'Someone Else', phone: '8765550103', email: customer.user.email },
      car: car._id,
      ...days(),
      paymentMethod: 'upfront',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAFF_BOOKING_MESSAGES.emailTaken);
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('refuses a taken day, a blocked car, an unknown car and bad dates, writing nothing (no new customer either)', async () => {
    const taken = days();
    expect((await staffBook({ customer: { name: 'First Caller', phone: '8765550104' }, car: car._id, ...taken, paymentMethod: 'upfront' })).statusCode).toBe(
      201,
    );
    const blocked = days();
    const block = await callWithStatus(t.app, owner.token, 'createBlock', { body: { car: car._id, ...blocked } });
    expect(block.status).toBe(201);
    const before = await everyRow(t.database.opened.raw);
    const newcomer = { name: 'Second Caller', phone: '8765550105', email: uniqueEmail('second') };
    const refusals: [object, number, string][] = [
      [{ ...taken }, 409, BOOKING_REFUSALS.dates_taken.message],
      [{ ...blocked }, 409, BOOKING_REFUSALS.dates_taken.message],
      [{ ...days(), car: '6f1c1f53-1ea6-4c55-9b7f-3c5e2d0b7a11' }, 404, BOOKING_REFUSALS.car_not_found.message],
      [{ ...days(), car: 'not-a-car' }, 404, MESSAGES.carNotFound],
      [{ pickupDate: day(50), returnDate: day(48) }, 400, ''],
      [{ pickupDate: day(-3), returnDate: day(-2) }, 400, ''],
    ];
    for (const [change, status, message] of refusals) {
      const res = await staffBook({ customer: newcomer, car: car._id, paymentMethod: 'upfront', ...change });
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('two desks booking the same days of a car at once: one booking, the other a 409, and no second customer left behind', async () => {
    const same = days();
    const manager = await createStaff(t.app, 'manager');
    const [a, b] = await Promise.all([
      staffBook({ customer: { name: 'Race One', phone: '8765550111' }, car: car._id, ...same, paymentMethod: 'upfront' }),
      staffBook({ customer: { name: 'Race Two', phone: '8765550112' }, car: car._id, ...same, paymentMethod: 'upfront' }, manager.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const racers = await t.db
      .select({ name: users.name })
      .from(users)
      .where(inArray(users.name, ['Race One', 'Race Two']));
    expect(racers).toHaveLength(1);
  });

  it('refuses a customer marked "do not rent" or not approved, in words for staff', async () => {
    const risky = await registerCustomer(t.app);
    await t.db.update(users).set({ doNotRentReason: 'Unpaid damage.' }).where(eq(users.id, risky.user._id));
    const rejected = await registerCustomer(t.app);
    await t.db.update(users).set({ vettingStatus: 'rejected', vettingReason: 'Licence expired.' }).where(eq(users.id, rejected.user._id));
    const staff = await createStaff(t.app, 'manager');
    const before = await everyRow(t.database.opened.raw);
    const first = await staffBook({ customer: { userId: risky.user._id }, car: car._id, ...days(), paymentMethod: 'upfront' });
    expect([first.statusCode, first.json().message]).toEqual([422, STAFF_BOOKING_MESSAGES.doNotRent]);
    const second = await staffBook({ customer: { userId: rejected.user._id }, car: car._id, ...days(), paymentMethod: 'upfront' });
    expect([second.statusCode, second.json().message]).toEqual([422, STAFF_BOOKING_MESSAGES.notApproved]);
    const staffAccount = await staffBook({ customer: { userId: staff.user._id }, car: car._id, ...days(), paymentMethod: 'upfront' });
    expect([staffAccount.statusCode, staffAccount.json().message]).toEqual([422, STAFF_BOOKING_MESSAGES.staffNotCustomer]);
    const nobody = await staffBook({ customer: { userId: '6f1c1f53-1ea6-4c55-9b7f-3c5e2d0b7a11' }, car: car._id, ...days(), paymentMethod: 'upfront' });
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, STAFF_BOOKING_MESSAGES.customerNotFound]);
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('the search finds customers only, at most 20, and nobody for a single character', async () => {
    const staff = await createStaff(t.app, 'manager', { name: 'Zzyzx Staffer' });
    await registerCustomer(t.app, { name: 'Zzyzx Customer' });
    const res = await search('zzyzx');
    expect(res.status).toBe(200);
    const names = res.answer.customers.map((c) => c.name);
    expect(names).toEqual(['Zzyzx Customer']);
    expect(JSON.stringify(res.answer)).not.toContain(staff.user._id);
    expect((await search('z')).answer.customers).toEqual([]);
    for (let i = 0; i < 22; i++) await t.db.insert(users).values({ name: `Qwerty Walkin ${i}`, phone: '8765550000' });
    expect((await search('qwerty')).answer.customers).toHaveLength(20);
  });

  it('agents may search and book; customers may not (403, nothing written)', async () => {
    const customer = await registerCustomer(t.app);
    const before = await everyRow(t.database.opened.raw);
    expect(
      (await staffBook({ customer: { name: 'Not Allowed', phone: '8765550106' }, car: car._id, ...days(), paymentMethod: 'upfront' }, customer.token))
        .statusCode,
    ).toBe(403);
    expect(await statusOf(search('walker', customer.token))).toBe(403);
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
    expect(pathFor('staffBooking')).toBe('/api/owner/bookings');
  });
});
