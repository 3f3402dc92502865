import { API, type Booking, type BodyInputOf, MESSAGES, type PaymentMethod, responses } from '@rental/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  type Account,
  authHeader,
  bookCar,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  TEST_PHONE,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, day, insertBooking, ownerCall } from './support/fleet';

const BANK = {
  bankName: 'NCB',
  accountHolderName: 'Waterford Rentals Ltd',
  branch: 'Portmore',
  accountNumber: '123-456-789',
  accountType: 'Chequing',
} as const;

/** A customer's booking with the status it was answered with (201 when made). */
const book = (app: FastifyInstance, token: string, car: string, pickupDate: string, returnDate: string, paymentMethod: PaymentMethod = 'upfront') =>
  callWithStatus(app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod } });

describe(`bookings (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;
  let other: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
  });
  // Fresh customers for each test: a customer holds at most three pending bookings at once.
  beforeEach(async () => {
    [customer, other] = await Promise.all([registerCustomer(t.app, { name: 'Alicia Brown' }), registerCustomer(t.app, { name: 'Marcus Green' })]);
  });
  afterAll(() => t?.close());

  const checkAvailability = (payload: object) => t.app.inject({ method: 'POST', url: API.checkAvailability, payload });
  const availableIds = async (pickupDate: string, returnDate: string) => {
    const res = await callWithStatus(t.app, undefined, 'checkAvailability', { body: { location: 'Waterford, Portmore', pickupDate, returnDate } });
    expect(res.status).toBe(200);
    return responses.availableCars.parse(res.answer).availableCars.map((c) => c._id);
  };
  const userBookings = async (token: string) => {
    const res = await callWithStatus(t.app, token, 'userBookings');
    expect(res.status).toBe(200);
    return responses.bookings.parse(res.answer).bookings;
  };
  const setStatus = (bookingId: string, status: BodyInputOf<'changeStatus'>['status'], token = owner.token) =>
    callWithStatus(t.app, token, 'changeStatus', { body: { bookingId, status } });
  const staff = testApi;

  describe('check-availability', () => {
    it('offers only cars free on every day of the range, the pickup and return days included', async () => {
      const taken = await addCar(t.app, owner.token, { model: 'Taken' });
      const free = await addCar(t.app, owner.token, { model: 'Free' });
      expect(await statusOf(book(t.app, customer.token, taken._id, day(10), day(12)))).toBe(201);

      const overlapping = await availableIds(day(12), day(14));
      expect(overlapping).toContain(free._id);
      expect(overlapping).not.toContain(taken._id);
      expect(await availableIds(day(8), day(10))).not.toContain(taken._id);
      expect(await availableIds(day(11), day(11))).not.toContain(taken._id);
      expect(await availableIds(day(13), day(15))).toContain(taken._id);
      expect(await availableIds(day(7), day(9))).toContain(taken._id);
    });

    it('frees the days of a cancelled booking', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Cancelled' });
      const res = await book(t.app, customer.token, car._id, day(40), day(41));
      expect(await availableIds(day(40), day(40))).not.toContain(car._id);
      expect((await setStatus(res.answer.booking._id, 'cancelled')).status).toBe(200);
      expect(await availableIds(day(40), day(40))).toContain(car._id);
    });

    it('never offers unavailable or deleted cars', async () => {
      const resting = await addCar(t.app, owner.token, { model: 'Resting' });
      const gone = await addCar(t.app, owner.token, { model: 'Gone' });
      await staff(t.app, owner.token).call('toggleCar', { body: { carId: resting._id } });
      await staff(t.app, owner.token).call('deleteCar', { body: { carId: gone._id } });
      const ids = await availableIds(day(1), day(2));
      expect(ids).not.toContain(resting._id);
      expect(ids).not.toContain(gone._id);
    });

    it.each([
      [{ pickupDate: day(1), returnDate: day(2) }, /location/],
      [{ location: 'Waterford, Portmore', returnDate: day(2) }, /Please choose the pickup date/],
      [{ location: 'Waterford, Portmore', pickupDate: '2026-02-30', returnDate: day(2) }, /The pickup date is not a real date/],
      [{ location: 'Waterford, Portmore', pickupDate: day(1), returnDate: 20270101 }, /Please choose the return date/],
      [{ location: 'Waterford, Portmore', pickupDate: day(-1), returnDate: day(2) }, /pickup date cannot be in the past/],
      [{ location: 'Waterford, Portmore', pickupDate: day(5), returnDate: day(4) }, /return date cannot be before the pickup date/],
    ])('refuses bad input %# with a 400 naming the problem', async (payload, message) => {
      const res = await checkAvailability(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    });
  });

  describe('create', () => {
    it('books a car as pending, at the price the server computes, keeping the payment method', async () => {
      const car = await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note', pricePerDay: 8500 });
      const res = await t.app.inject({
        method: 'POST',
        url: API.createBooking,
        headers: authHeader(customer.token),
        payload: { car: car._id, pickupDate: day(3), returnDate: day(6), paymentMethod: 'upfront', price: 1, status: 'confirmed' },
      });
      expect(res.statusCode).toBe(201);
      const body = responses.bookingCreated.parse(res.json());
      expect(body.message).toBe(MESSAGES.bookingCreated);
      expect(body.booking).toEqual({
        _id: expect.any(String),
        reference: expect.stringMatching(/^WR-[2-9A-HJ-NP-Z]{6}$/),
        car: { _id: car._id, image: car.image, brand: 'Nissan', model: 'Note', year: 2021, category: 'Sedan', location: 'Waterford, Portmore' },
        pickupDate: day(3),
        returnDate: day(6),
        // 3 days at 8,500 and GCT of 15% (the company's default) on top.
        price: 29_325,
        status: 'pending',
        statusReason: null,
        createdAt: expect.any(String),
        paymentMethod: 'upfront',
        holdExpiresAt: expect.any(String),
        // Nothing received yet
        paymentStatus: 'unpaid',
        // Nobody else named to drive yet
        additionalDrivers: [],
        quote: {
          lines: [{ kind: 'days', label: 'Nissan Note', quantity: 3, unitPrice: 8500, amount: 25_500 }],
          subtotal: 25_500,
          gctPercent: 15,
          gct: 3825,
          total: 29_325,
          currency: 'JMD',
          securityDeposit: 15_000,
          days: 3,
          extras: [],
          additionalDrivers: 0,
          delivery: null,
        },
      } satisfies Booking);
      // A hold of HOLD_MINUTES (48 hours by default) from when it was made.
      const held = Date.parse(body.booking.holdExpiresAt!) - Date.parse(body.booking.createdAt);
      expect(Math.abs(held - 2880 * 60_000)).toBeLessThan(60_000);
    });

    it('charges a same-day rental as one day', async () => {
      const car = await addCar(t.app, owner.token, { pricePerDay: 7000 });
      const res = await book(t.app, customer.token, car._id, day(2), day(2));
      expect(res.status).toBe(201);
      // 7,000 and 15% GCT.
      expect(res.answer.booking.price).toBe(8050);
    });

    it('refuses a booking sharing any day with another, the return day included', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Busy' });
      expect(await statusOf(book(t.app, customer.token, car._id, day(30), day(32)))).toBe(201);
      for (const [pickup, ret] of [
        [day(32), day(34)],
        [day(28), day(30)],
        [day(31), day(31)],
        [day(25), day(40)],
      ] as const) {
        expect(await refusalOf(book(t.app, other.token, car._id, pickup, ret)), `${pickup}..${ret}`).toEqual({
          status: 409,
          answer: { success: false, code: expect.any(String), message: MESSAGES.datesTaken },
        });
      }
      expect(await statusOf(book(t.app, other.token, car._id, day(33), day(35)))).toBe(201);
      expect(await statusOf(book(t.app, other.token, car._id, day(27), day(29)))).toBe(201);
    });

    it('lets a customer book days freed by a cancellation', async () => {
      const car = await addCar(t.app, owner.token);
      const first = await bookCar(t.app, customer.token, car._id, day(50), day(52));
      expect((await setStatus(first._id, 'cancelled')).status).toBe(200);
      expect(await statusOf(book(t.app, other.token, car._id, day(50), day(52)))).toBe(201);
    });

    it.each([
      ['a pickup in the past', -1, 2, /pickup date cannot be in the past/],
      ['a pickup more than 365 days ahead', 366, 367, /at most 365 days ahead/],
      ['a return before the pickup', 5, 4, /return date cannot be before the pickup date/],
      ['a rental longer than 90 days', 1, 92, /at most 90 days/],
    ])('refuses %s', async (_label, from, to, message) => {
      const car = await addCar(t.app, owner.token);
      const { status, answer } = await refusalOf(book(t.app, customer.token, car._id, day(from), day(to)));
      expect(status).toBe(400);
      expect(answer?.message).toMatch(message);
    });

    it('accepts the limits themselves: today, 365 days ahead, 90 days long', async () => {
      const car = await addCar(t.app, owner.token, { pricePerDay: 100 });
      expect(await statusOf(book(t.app, customer.token, car._id, day(0), day(0)))).toBe(201);
      expect(await statusOf(book(t.app, customer.token, car._id, day(365), day(365)))).toBe(201);
      const long = await book(t.app, customer.token, car._id, day(100), day(190));
      expect(long.status).toBe(201);
      // 90 days at 100, and 15% GCT.
      expect(long.answer.booking.price).toBe(10_350);
    });

    it.each([
      ['a date that does not exist', { pickupDate: '2026-02-30' }, /The pickup date is not a real date/],
      ['a date in another format', { returnDate: '12/05/2026' }, /The return date is not a real date/],
      ['a date as a number', { pickupDate: 20260101 }, /Please choose the pickup date/],
      ['an unknown payment method', { paymentMethod: 'cheque' }, /Please choose how to pay: upfront, cash deposit or card/],
      ['no payment method', { paymentMethod: undefined }, /Please choose how to pay/],
      ['no car', { car: undefined }, /Please say which is the car/],
      ['a car id that is not text', { car: 42 }, /car/],
    ])('refuses %s with a 400 naming the field', async (_label, change, message) => {
      const car = await addCar(t.app, owner.token);
      const payload = { car: car._id, pickupDate: day(1), returnDate: day(2), paymentMethod: 'upfront', ...change };
      const res = await t.app.inject({ method: 'POST', url: API.createBooking, headers: authHeader(customer.token), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('refuses a body that is not a JSON object', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: API.createBooking,
        headers: { ...authHeader(customer.token), 'content-type': 'application/json' },
        payload: '["car"]',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    });

    it('refuses unknown, malformed and deleted cars with 404, unavailable ones with 409', async () => {
      for (const id of ['6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b', 'nope', '64b7f0c2e1d3a4b5c6d7e8f9']) {
        await expect(book(t.app, customer.token, id, day(1), day(2)), id).rejects.toMatchObject({ status: 404, message: MESSAGES.carNotFound });
      }
      const deleted = await addCar(t.app, owner.token);
      await staff(t.app, owner.token).call('deleteCar', { body: { carId: deleted._id } });
      expect(await statusOf(book(t.app, customer.token, deleted._id, day(1), day(2)))).toBe(404);

      const resting = await addCar(t.app, owner.token);
      await staff(t.app, owner.token).call('toggleCar', { body: { carId: resting._id } });
      await expect(book(t.app, customer.token, resting._id, day(1), day(2))).rejects.toMatchObject({ status: 409, message: MESSAGES.carUnavailable });
    });

    it('takes cash deposits only once the company has bank details', async () => {
      const car = await addCar(t.app, owner.token);
      await expect(book(t.app, customer.token, car._id, day(60), day(61), 'cash_deposit')).rejects.toMatchObject({
        status: 409,
        message: MESSAGES.bankDetailsMissing,
      });
      expect((await callWithStatus(t.app, owner.token, 'bankDetails', { body: BANK })).status).toBe(200);
      const accepted = await book(t.app, customer.token, car._id, day(60), day(61), 'cash_deposit');
      expect(accepted.status).toBe(201);
      expect(accepted.answer.booking.paymentMethod).toBe('cash_deposit');
    });

    it('needs a logged-in customer', async () => {
      const car = await addCar(t.app, owner.token);
      const body = { car: car._id, pickupDate: day(1), returnDate: day(2), paymentMethod: 'upfront' } as const;
      expect(await refusalOf(testApi(t.app).call('createBooking', { body }))).toEqual({
        status: 401,
        answer: { success: false, code: expect.any(String), message: MESSAGES.notAuthorized },
      });
      expect(await statusOf(callWithStatus(t.app, 'not.a.token', 'createBooking', { body }))).toBe(401);
    });
  });

  describe("a customer's bookings", () => {
    it('lists only their own bookings, newest first, with the car of each', async () => {
      const fresh = await registerCustomer(t.app, { name: 'Newcomer' });
      expect(await userBookings(fresh.token)).toEqual([]);
      const car = await addCar(t.app, owner.token, { brand: 'Suzuki', model: 'Swift' });
      const first = await bookCar(t.app, fresh.token, car._id, day(70), day(71));
      const second = await bookCar(t.app, fresh.token, car._id, day(72), day(73));
      await bookCar(t.app, other.token, car._id, day(74), day(75));

      const mine = await userBookings(fresh.token);
      expect(mine.map((b) => b._id)).toEqual([second._id, first._id]);
      expect(mine[0]).toEqual(second);
      expect(mine[0]!.car.brand).toBe('Suzuki');
      const theirs = await userBookings(other.token);
      expect(theirs.some((b) => b._id === first._id || b._id === second._id)).toBe(false);
    });

    it('keeps showing a booking whose car was deleted since', async () => {
      const car = await addCar(t.app, owner.token, { brand: 'Mazda', model: 'Demio' });
      const past = await insertBooking(t.db, { carId: car._id, userId: other.user._id, pickupDate: day(-20), returnDate: day(-18), status: 'confirmed' });
      expect((await callWithStatus(t.app, owner.token, 'deleteCar', { body: { carId: car._id } })).status).toBe(200);
      const listed = (await userBookings(other.token)).find((b) => b._id === past);
      expect(listed?.car).toMatchObject({ _id: car._id, brand: 'Mazda', model: 'Demio', image: car.image });
      expect((await t.app.inject({ method: 'GET', url: car.image })).statusCode).toBe(200);
    });

    it('needs a login', async () => {
      expect(await statusOf(callWithStatus(t.app, undefined, 'userBookings'))).toBe(401);
    });
  });

  describe("the owner's bookings", () => {
    it('lists every booking with its customer, and nothing secret', async () => {
      const car = await addCar(t.app, owner.token);
      const created = await bookCar(t.app, customer.token, car._id, day(80), day(81));
      expect(await statusOf(book(t.app, other.token, car._id, day(82), day(83)))).toBe(201);
      const res = await callWithStatus(t.app, owner.token, 'ownerBookings');
      expect(res.status).toBe(200);
      const { bookings } = responses.ownerBookings.parse(res.answer);
      const listed = bookings.find((b) => b._id === created._id);
      // The customer as staff need them: how to reach them, and whether they may drive (no details given yet).
      // Staff also see whether the customer sent a bank slip for it (none here).
      expect(listed).toEqual({
        ...created,
        slipsSent: 0,
        user: { _id: customer.user._id, name: 'Alicia Brown', email: customer.user.email, phone: TEST_PHONE, vetting: 'not_submitted', doNotRent: false },
      });
      expect(Object.keys(listed!.user).sort()).toEqual(['_id', 'doNotRent', 'email', 'name', 'phone', 'vetting']);
      expect(JSON.stringify(res.answer)).not.toMatch(/argon2|password/i);
      const customers = new Set(bookings.map((b) => b.user._id));
      expect(customers.has(customer.user._id) && customers.has(other.user._id)).toBe(true);
    });

    it('is for owners only', async () => {
      expect(await statusOf(callWithStatus(t.app, undefined, 'ownerBookings'))).toBe(401);
      expect(await refusalOf(testApi(t.app, customer.token).call('ownerBookings'))).toEqual({
        status: 403,
        answer: { success: false, code: expect.any(String), message: MESSAGES.staffOnly },
      });
    });
  });

  describe('change-status', () => {
    it('lets the owner confirm a booking, and the customer sees it', async () => {
      const car = await addCar(t.app, owner.token);
      const created = await bookCar(t.app, customer.token, car._id, day(90), day(91));
      const res = await setStatus(created._id, 'confirmed');
      expect(res.status).toBe(200);
      expect(res.answer).toMatchObject({ success: true, message: MESSAGES.statusUpdated, booking: { _id: created._id, status: 'confirmed' } });
      expect((await userBookings(customer.token)).find((b) => b._id === created._id)?.status).toBe('confirmed');
    });

    it('refuses to re-activate a cancelled booking whose days were taken meanwhile', async () => {
      const car = await addCar(t.app, owner.token);
      const first = await bookCar(t.app, customer.token, car._id, day(100), day(103));
      expect((await setStatus(first._id, 'cancelled')).status).toBe(200);
      expect(await statusOf(book(t.app, other.token, car._id, day(103), day(104)))).toBe(201);
      for (const status of ['pending', 'confirmed'] as const) {
        expect(await refusalOf(setStatus(first._id, status))).toEqual({
          status: 409,
          answer: { success: false, code: expect.any(String), message: MESSAGES.reactivateConflict },
        });
      }
      expect((await userBookings(customer.token)).find((b) => b._id === first._id)?.status).toBe('cancelled');
    });

    it('refuses (409) to re-activate a cancelled booking of a car removed since, and keeps it cancelled', async () => {
      const car = await addCar(t.app, owner.token);
      const booking = await bookCar(t.app, customer.token, car._id, day(115), day(116));
      expect((await setStatus(booking._id, 'cancelled')).status).toBe(200);
      expect((await callWithStatus(t.app, owner.token, 'deleteCar', { body: { carId: car._id } })).status).toBe(200);
      for (const status of ['pending', 'confirmed'] as const) {
        expect(await refusalOf(setStatus(booking._id, status))).toEqual({
          status: 409,
          answer: { success: false, code: expect.any(String), message: MESSAGES.carRemovedCannotReactivate },
        });
      }
      expect((await userBookings(customer.token)).find((b) => b._id === booking._id)?.status).toBe('cancelled');
    });

    it('re-activates a cancelled booking whose days are still free', async () => {
      const car = await addCar(t.app, owner.token);
      const booking = await bookCar(t.app, customer.token, car._id, day(110), day(111));
      expect((await setStatus(booking._id, 'cancelled')).status).toBe(200);
      expect((await setStatus(booking._id, 'confirmed')).status).toBe(200);
      expect(await statusOf(book(t.app, other.token, car._id, day(111), day(112)))).toBe(409);
    });

    it('answers 404 for unknown and malformed ids, 400 for a bad status or body', async () => {
      const car = await addCar(t.app, owner.token);
      const booking = await bookCar(t.app, customer.token, car._id, day(120), day(121));
      for (const id of ['6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b', 'abc', '64b7f0c2e1d3a4b5c6d7e8f9']) {
        await expect(setStatus(id, 'confirmed'), id).rejects.toMatchObject({ status: 404, message: MESSAGES.bookingNotFound });
      }
      const bad = await ownerCall(t.app, owner.token, 'POST', API.changeStatus, { bookingId: booking._id, status: 'done' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/Please choose a status: pending, confirmed, cancelled or no show/);
      const missing = await ownerCall(t.app, owner.token, 'POST', API.changeStatus, { status: 'confirmed' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Please say which is the booking/);
    });

    it('is for owners only: customers cannot confirm their own booking', async () => {
      const car = await addCar(t.app, owner.token);
      const booking = await bookCar(t.app, customer.token, car._id, day(130), day(131));
      expect(await statusOf(callWithStatus(t.app, undefined, 'changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } }))).toBe(401);
      expect(await statusOf(setStatus(booking._id, 'confirmed', customer.token))).toBe(403);
      expect((await userBookings(customer.token)).find((b) => b._id === booking._id)?.status).toBe('pending');
    });
  });
});
