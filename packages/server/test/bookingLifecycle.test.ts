/**
 * A booking's life: a reference people can quote, a hold that expires, a customer who cancels,
 * and accounts customers look after themselves (phone, password).
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PENDING_BOOKINGS, MESSAGES, responses } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../src/db/schema';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { queryRows } from '../src/db/types';
import { expireHolds } from '../src/features/bookings/holds';
import {
  type Account,
  bookCar,
  callWithStatus,
  createOwner,
  createTestApp,
  createTestDatabase,
  describeDatabase,
  outcomeOf,
  refusalOf,
  registerCustomer,
  statusOf,
  type TestApp,
  testApi,
  TEST_PASSWORD,
  uniqueEmail,
} from './helpers';
import { addCar, day, insertBooking } from './support/fleet';

/** A customer's booking with the status it was answered with (201 when made). */
const book = (app: TestApp['app'], token: string, car: string, pickupDate: string, returnDate: string) =>
  callWithStatus(app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } });

const REFERENCE = /^WR-[2-9A-HJ-NP-Z]{6}$/;

describe(`a booking's life (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp({ config: { holdMinutes: 90 } });
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const mine = async (token: string) => responses.bookings.parse(await testApi(t.app, token).call('userBookings')).bookings;
  const cancel = (token: string | undefined, bookingId: string) => callWithStatus(t.app, token, 'cancelBooking', { body: { bookingId } });
  const detail = (token: string, reference: string) => callWithStatus(t.app, token, 'userBooking', { params: { reference } });
  const confirm = (bookingId: string) => callWithStatus(t.app, owner.token, 'changeStatus', { body: { bookingId, status: 'confirmed' } });

  describe('references', () => {
    it('gives every booking a short unique reference people can read out, in every list', async () => {
      const [car, customer] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app)]);
      const made = [];
      for (const n of [1, 2, 3]) made.push(await bookCar(t.app, customer.token, car._id, day(n * 2), day(n * 2)));
      const references = made.map((b) => b.reference);
      for (const reference of references) expect(reference).toMatch(REFERENCE);
      expect(new Set(references).size).toBe(3);
      expect((await mine(customer.token)).map((b) => b.reference).sort()).toEqual([...references].sort());
      const staff = responses.ownerBookings.parse(await testApi(t.app, owner.token).call('ownerBookings')).bookings;
      for (const booking of made) expect(staff.find((b) => b._id === booking._id)?.reference).toBe(booking.reference);
    });

    it('makes references the database can never repeat (a thousand bookings, all different)', async () => {
      const [car, customer] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app)]);
      for (let i = 0; i < 1000; i += 100) {
        await Promise.all(
          Array.from({ length: 100 }, (_, j) =>
            insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(400 + i + j), returnDate: day(400 + i + j), status: 'cancelled' }),
          ),
        );
      }
      const rows = await t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.carId, car._id));
      expect(rows).toHaveLength(1000);
      expect(new Set(rows.map((r) => r.reference)).size).toBe(1000);
      for (const { reference } of rows) expect(reference).toMatch(REFERENCE);
    });

    it('opens one booking in full by its reference (however it is typed), with its history; nobody else’s', async () => {
      const [car, customer, stranger] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app), registerCustomer(t.app)]);
      const booking = await bookCar(t.app, customer.token, car._id, day(9), day(11));
      expect((await confirm(booking._id)).status).toBe(200);

      for (const typed of [booking.reference, booking.reference.toLowerCase(), ` ${booking.reference.replace('-', ' ')} `]) {
        const res = await detail(customer.token, typed);
        expect(res.status, typed).toBe(200);
        const found = responses.bookingDetail.parse(res.answer).booking;
        expect(found).toMatchObject({ _id: booking._id, reference: booking.reference, status: 'confirmed', holdExpiresAt: null });
        expect(found.history.map((h) => h.status)).toEqual(['pending', 'confirmed']);
      }
      for (const [token, reference] of [
        [stranger.token, booking.reference],
        [customer.token, 'WR-AAAAAA'],
        [customer.token, 'not-a-reference'],
      ] as const) {
        expect(await refusalOf(detail(token, reference))).toEqual({
          status: 404,
          answer: { success: false, code: expect.any(String), message: MESSAGES.bookingNotFound },
        });
      }
    });
  });

  describe('holds', () => {
    it('a new booking is held for HOLD_MINUTES, then cancelled as expired and its days freed', async () => {
      const [car, customer, next] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app), registerCustomer(t.app)]);
      const booking = await bookCar(t.app, customer.token, car._id, day(5), day(6));
      const held = Date.parse(booking.holdExpiresAt!) - Date.parse(booking.createdAt);
      expect(Math.abs(held - 90 * 60_000)).toBeLessThan(60_000);
      expect(await statusOf(book(t.app, next.token, car._id, day(6), day(7)))).toBe(409);

      // Its time comes (as if 90 minutes went by).
      await t.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(bookings.id, booking._id));
      const expired = await expireHolds(t.db, t.app.events);
      expect(expired.map((hold) => hold.reference)).toContain(booking.reference);

      const [after] = (await mine(customer.token)).filter((b) => b._id === booking._id);
      expect(after).toMatchObject({ status: 'cancelled', statusReason: 'expired', holdExpiresAt: null });
      expect(await statusOf(book(t.app, next.token, car._id, day(6), day(7)))).toBe(201);
      const history = responses.bookingDetail.parse((await detail(customer.token, booking.reference)).answer).booking.history;
      expect(history.map((h) => [h.status, h.reason])).toEqual([
        ['pending', null],
        ['cancelled', 'expired'],
      ]);
    });

    it('leaves holds in time, and confirmed bookings, alone', async () => {
      const [car, customer] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app)]);
      const fresh = await bookCar(t.app, customer.token, car._id, day(3), day(3));
      const confirmed = await bookCar(t.app, customer.token, car._id, day(4), day(4));
      await confirm(confirmed._id);
      await t.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 hour'` })
        .where(eq(bookings.id, confirmed._id));
      await expireHolds(t.db, t.app.events);
      const statuses = Object.fromEntries((await mine(customer.token)).map((b) => [b._id, b.status]));
      expect(statuses).toEqual({ [fresh._id]: 'pending', [confirmed._id]: 'confirmed' });
    });

    it('several sweeps at once cancel an expired hold once, with one history entry', async () => {
      const [car, customer] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app)]);
      const booking = await bookCar(t.app, customer.token, car._id, day(8), day(8));
      await t.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(bookings.id, booking._id));
      const results = await Promise.all([expireHolds(t.db, t.app.events), expireHolds(t.db, t.app.events), expireHolds(t.db, t.app.events)]);
      expect(results.flat().filter((hold) => hold.id === booking._id)).toHaveLength(1);
      const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking._id));
      expect(events.filter((e) => e.reason === 'expired')).toHaveLength(1);
    });

    it(`lets a customer hold at most ${MAX_PENDING_BOOKINGS} pending bookings, even when they all arrive at once`, async () => {
      const customer = await registerCustomer(t.app);
      const cars = await Promise.all(Array.from({ length: 5 }, () => addCar(t.app, owner.token)));
      const answers = await Promise.all(cars.map((car) => outcomeOf(book(t.app, customer.token, car._id, day(20), day(21)))));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.tooManyPendingBookings });
      }
      // Once one is confirmed (or cancelled), there is room for another.
      const held = answers.flatMap((a) => (a.answer ? [a.answer.booking] : []));
      await confirm(held[0]!._id);
      const spare = cars.find((car) => !held.some((b) => b.car._id === car._id))!;
      expect(await statusOf(book(t.app, customer.token, spare._id, day(20), day(21)))).toBe(201);
      // Staff booking for callers are not limited.
      for (const car of cars.slice(0, 4)) expect(await statusOf(book(t.app, owner.token, car._id, day(30), day(30)))).toBe(201);
    });
  });

  describe('a customer cancels', () => {
    it('a pending booking, or a confirmed one before its pickup day; its days are free at once', async () => {
      const [car, customer, next] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app), registerCustomer(t.app)]);
      const pending = await bookCar(t.app, customer.token, car._id, day(4), day(5));
      const confirmed = await bookCar(t.app, customer.token, car._id, day(1), day(1));
      await confirm(confirmed._id);

      for (const booking of [pending, confirmed]) {
        const res = await cancel(customer.token, booking._id);
        expect(res.status).toBe(200);
        expect(res.answer).toMatchObject({
          success: true,
          message: MESSAGES.bookingCancelled,
          booking: { _id: booking._id, status: 'cancelled', statusReason: 'customer' },
        });
      }
      expect(await statusOf(book(t.app, next.token, car._id, day(1), day(5)))).toBe(201);
      const history = responses.bookingDetail.parse((await detail(customer.token, confirmed.reference)).answer).booking.history;
      expect(history.map((h) => [h.status, h.reason])).toEqual([
        ['pending', null],
        ['confirmed', null],
        ['cancelled', 'customer'],
      ]);
    });

    it('refuses (409) a booking already cancelled, or confirmed and picked up today or earlier', async () => {
      const [car, customer] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app)]);
      const today = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(0), returnDate: day(2), status: 'confirmed' });
      const started = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(-3), returnDate: day(-1), status: 'confirmed' });
      const cancelled = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(10), returnDate: day(10), status: 'cancelled' });
      for (const [id, message] of [
        [today, MESSAGES.pickupDayReached],
        [started, MESSAGES.pickupDayReached],
        [cancelled, MESSAGES.alreadyCancelled],
      ] as const) {
        expect(await refusalOf(cancel(customer.token, id))).toEqual({ status: 409, answer: { success: false, code: expect.any(String), message } });
      }
      const statuses = (await mine(customer.token)).map((b) => b.status).sort();
      expect(statuses).toEqual(['cancelled', 'confirmed', 'confirmed']);
    });

    it("answers someone else's or an unknown booking with 404, and no login with 401, changing nothing", async () => {
      const [car, customer, stranger] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app), registerCustomer(t.app)]);
      const booking = await bookCar(t.app, customer.token, car._id, day(12), day(12));
      for (const [token, id, status] of [
        [stranger.token, booking._id, 404],
        [customer.token, '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b', 404],
        [customer.token, 'abc', 404],
        [undefined, booking._id, 401],
      ] as const) {
        expect(await statusOf(cancel(token, id))).toBe(status);
      }
      expect((await mine(customer.token))[0]?.status).toBe('pending');
    });
  });
});

describe(`accounts customers look after (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const me = (token: string) => callWithStatus(t.app, token, 'userData');
  const login = (email: string, password: string) => callWithStatus(t.app, undefined, 'login', { body: { email, password } });

  it('takes an optional phone number at registration, and a customer changes name and phone', async () => {
    const res = await callWithStatus(t.app, undefined, 'register', {
      body: { name: 'Keisha Lewis', email: uniqueEmail(), password: TEST_PASSWORD, phone: '+1 876 555 0199' },
    });
    expect(res.status).toBe(201);
    const token = res.answer.token;
    expect((await me(token)).answer.user.phone).toBe('+1 876 555 0199');

    const saved = await callWithStatus(t.app, token, 'updateProfile', { body: { name: 'Keisha Lewis-Brown', phone: '876-555-0123' } });
    expect(saved.status).toBe(200);
    expect(saved.answer).toMatchObject({ success: true, message: MESSAGES.profileSaved, user: { name: 'Keisha Lewis-Brown', phone: '876-555-0123' } });
    expect((await me(token)).answer.user).toMatchObject({ name: 'Keisha Lewis-Brown', phone: '876-555-0123' });

    expect(await statusOf(callWithStatus(t.app, token, 'updateProfile', { body: { name: 'K', phone: 'call me' } }))).toBe(400);
    expect((await me(token)).answer.user.phone).toBe('876-555-0123');
  });

  it('changes the password: a fresh token for the caller, every other session ends, the old password stops working', async () => {
    const account = await registerCustomer(t.app);
    const otherDevice = (await login(account.user.email, TEST_PASSWORD)).answer.token;
    const changePassword = (currentPassword: string) =>
      callWithStatus(t.app, account.token, 'changePassword', { body: { currentPassword, newPassword: 'a much better one' } });

    expect(await refusalOf(changePassword('wrong one'))).toEqual({
      status: 400,
      answer: { success: false, code: expect.any(String), message: MESSAGES.wrongCurrentPassword },
    });
    expect(await statusOf(me(otherDevice))).toBe(200);

    const changed = await changePassword(TEST_PASSWORD);
    expect(changed.status).toBe(200);
    const fresh = changed.answer.token;
    expect(await statusOf(me(fresh))).toBe(200);
    expect(await statusOf(me(account.token))).toBe(401);
    expect(await statusOf(me(otherDevice))).toBe(401);
    expect(await statusOf(login(account.user.email, TEST_PASSWORD))).toBe(401);
    expect(await statusOf(login(account.user.email, 'a much better one'))).toBe(200);
  });

  it("shows staff each booking's customer phone", async () => {
    const owner = await createOwner(t.app);
    const car = await addCar(t.app, owner.token);
    const { token } = await testApi(t.app).call('register', { body: { name: 'Caller', email: uniqueEmail(), password: TEST_PASSWORD, phone: '8765550100' } });
    const booking = await bookCar(t.app, token, car._id, day(3), day(3));
    const staff = responses.ownerBookings.parse(await testApi(t.app, owner.token).call('ownerBookings')).bookings;
    expect(staff.find((b) => b._id === booking._id)?.user.phone).toBe('8765550100');
  });
});

describe(`the booking-lifecycle migration (${describeDatabase})`, () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives bookings made before it a reference and a history, and pending ones a hold', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rental-migrations-'));
    const all = (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    const before = all.filter((name) => name < '0004');
    for (const name of before) await cp(join(DEFAULT_MIGRATIONS_DIR, name), join(dir, name));
    const database = await createTestDatabase({ migrationsDir: dir });
    try {
      const raw = database.opened.raw;
      const run = (statement: string) => database.db.execute(sql.raw(statement));
      await run(`INSERT INTO images (id, content, mime_type, width, height) VALUES ('00000000-0000-4000-8000-000000000001', '\\x00', 'image/webp', 1, 1)`);
      await run(`INSERT INTO users (id, name, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000002', 'Old', 'old@example.com', 'x')`);
      await run(`INSERT INTO cars (id, brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id)
        VALUES ('00000000-0000-4000-8000-000000000003', 'Toyota', 'Axio', 2019, 5000, 'Sedan', 'Automatic', 'Gas', 5, 'Waterford, Portmore', 'x', '00000000-0000-4000-8000-000000000001')`);
      for (const [n, status] of [
        [1, 'pending'],
        [2, 'confirmed'],
        [3, 'cancelled'],
      ] as const) {
        await run(`INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, status, payment_method)
          VALUES ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', current_date + ${n * 3}, current_date + ${n * 3}, 5000, '${status}', 'upfront')`);
      }
      for (const name of all.filter((name) => name >= '0004')) await cp(join(DEFAULT_MIGRATIONS_DIR, name), join(dir, name));
      expect(await migrate(raw, { migrationsDir: dir })).toEqual(all.filter((name) => name >= '0004'));

      const rows = await queryRows<{ reference: string; status: string; status_reason: string | null; hold: boolean; events: number }>(
        database.db,
        sql`SELECT reference, status, status_reason, hold_expires_at IS NOT NULL AS hold,
              (SELECT count(*)::int FROM booking_events e WHERE e.booking_id = b.id) AS events
            FROM bookings b ORDER BY pickup_date`,
      );
      expect(rows.map((r) => [r.status, r.status_reason, r.hold, r.events])).toEqual([
        ['pending', null, true, 1],
        ['confirmed', null, false, 2],
        ['cancelled', 'staff', false, 2],
      ]);
      for (const row of rows) expect(row.reference).toMatch(REFERENCE);
      expect(new Set(rows.map((r) => r.reference)).size).toBe(3);
    } finally {
      await database.close();
    }
  });
});
