/**
 * The booking desk books the requests that arrive together in one transaction (decision 073). What a
 * customer notices must not change: each gets the answer for their own request, with their own
 * letters, whatever else was in the batch; a refusal in a batch changes nothing for the others.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, responses, withGct } from '@rental/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox, users } from '../src/db/schema';
import { MESSAGE_KEY_REUSED } from '../src/features/bookings/idempotency';
import type { FastifyInstance } from 'fastify';
import { type Account, callWithStatus, createOwner, createTestApp, describeDatabase, outcomeOf, type TestApp } from './helpers';
import { addCar, customersWithTokens, day } from './support/fleet';

/** A booking's status with its answer, or its refusal: made together, which wins is not known beforehand. */
const book = (app: FastifyInstance, token: string, car: string, pickupDate: string, returnDate: string) =>
  outcomeOf(callWithStatus(app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } }));

describe(`bookings made together (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  it('a crowd booking different cars at once: every one booked, each answer and each letter its own', async () => {
    const crowd = await customersWithTokens(t.app, 12);
    const cars = await Promise.all(crowd.map((_, i) => addCar(t.app, owner.token, { brand: `Brand${i}`, pricePerDay: 1000 + i })));
    const answers = await Promise.all(crowd.map((c, i) => book(t.app, c.token, cars[i]!._id, day(3 + i), day(5 + i))));

    expect(answers.map((r) => r.status)).toEqual(crowd.map(() => 201));
    const made = answers.map((r) => responses.bookingCreated.parse(r.answer).booking);
    made.forEach((booking, i) => {
      expect(booking.car._id).toBe(cars[i]!._id);
      expect(booking.pickupDate).toBe(day(3 + i));
      expect(booking.price).toBe(withGct(2 * (1000 + i), 15)); // two days, at that car's price, and the default 15% GCT
      expect(booking.status).toBe('pending');
    });
    expect(new Set(made.map((b) => b.reference)).size).toBe(crowd.length);

    // Each customer's letter names their own booking and car; staff get one alert per booking.
    const emails = await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          crowd.map((c) => c.id),
        ),
      );
    for (const [i, booking] of made.entries()) {
      const letters = await t.db.select().from(outbox).where(eq(outbox.bookingId, booking._id));
      expect(letters).toHaveLength(2);
      const toCustomer = letters.find((l) => l.recipient === emails.find((e) => e.id === crowd[i]!.id)!.email);
      expect(toCustomer?.textBody).toContain(booking.reference);
      expect(toCustomer?.textBody).toContain(`Brand${i}`);
    }
  });

  it('a refusal in a crowd changes nothing for the others', async () => {
    const [greedy, ...others] = await customersWithTokens(t.app, 6);
    const cars = await Promise.all(Array.from({ length: 8 }, () => addCar(t.app, owner.token)));
    // Three holds already: the fourth is refused.
    for (let i = 0; i < 3; i++) expect((await book(t.app, greedy!.token, cars[i]!._id, day(30), day(31))).status).toBe(201);

    const [refused, ...booked] = await Promise.all([
      book(t.app, greedy!.token, cars[3]!._id, day(30), day(31)),
      ...others.map((c, i) => book(t.app, c.token, cars[3 + i]!._id, day(40), day(41))),
    ]);
    expect(refused!.status).toBe(409);
    expect(refused!.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.tooManyPendingBookings });
    expect(booked.map((r) => r.status)).toEqual(others.map(() => 201));
    expect(await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, greedy!.id))).toHaveLength(3);
  });

  it('one key sent twice at once for two different bookings: one is booked, the other refused with 422', async () => {
    const [ann] = await customersWithTokens(t.app, 1);
    const car = await addCar(t.app, owner.token);
    const key = randomUUID();
    const send = (from: number) =>
      outcomeOf(
        callWithStatus(t.app, ann!.token, 'createBooking', {
          headers: { 'idempotency-key': key },
          body: { car: car._id, pickupDate: day(from), returnDate: day(from), paymentMethod: 'upfront' },
        }),
      );
    const answers = await Promise.all([send(50), send(60)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(answers.find((r) => r.status === 422)!.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGE_KEY_REUSED });
    expect(await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, ann!.id))).toHaveLength(1);
  });

  it('two customers asking for the same car and days at once: the first to ask gets it', async () => {
    const car = await addCar(t.app, owner.token);
    // The customer who asks first has the larger id: the batch must not decide by id.
    const [first, second] = (await customersWithTokens(t.app, 2)).sort((a, b) => b.id.localeCompare(a.id));
    const [won, lost] = await Promise.all([book(t.app, first!.token, car._id, day(80), day(81)), book(t.app, second!.token, car._id, day(80), day(81))]);
    expect(won!.status).toBe(201);
    expect(lost!.status).toBe(409);
  });

  it('staff booking for callers alongside customers are not held to the three-hold limit', async () => {
    const cars = await Promise.all(Array.from({ length: 5 }, () => addCar(t.app, owner.token)));
    const answers = await Promise.all(cars.map((car) => book(t.app, owner.token, car._id, day(70), day(72))));
    expect(answers.map((r) => r.status)).toEqual(cars.map(() => 201));
  });
});
