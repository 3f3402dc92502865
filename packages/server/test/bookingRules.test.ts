/**
 * The booking rules' one home: the reasons the database's booking function gives are the contract's
 * (with a sentence each), the price it stores is the contract's, and pending holds are limited per
 * address as well as per account, and held a short time when the pickup is far ahead.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  API,
  BOOKING_REFUSALS,
  FAR_AHEAD_DAYS,
  FAR_AHEAD_HOLD_MINUTES,
  MAX_PENDING_BOOKINGS_PER_ADDRESS,
  MAX_PENDING_DAYS_PER_ADDRESS,
  MAX_RENTAL_DAYS,
  MESSAGES,
  responses,
} from '@rental/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { holdAddress } from '../src/features/bookings/holdAddress';
import { expireHolds } from '../src/features/bookings/holds';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp } from './helpers';
import { addCar, day, ownerCall } from './support/fleet';

const BOOK_CAR_SQL = join(import.meta.dirname, '..', 'src', 'features', 'bookings', 'bookCar.sql');

describe('the booking function and the contract', () => {
  it('every reason the SQL refuses with has its status and sentence in BOOKING_REFUSALS, and every one listed is raised', async () => {
    const source = await readFile(BOOK_CAR_SQL, 'utf8');
    const raised = new Set([...source.matchAll(/RAISE EXCEPTION '([a-z_]+)'|'reason', '([a-z_]+)'/g)].map((m) => m[1] ?? m[2]));
    expect(raised.size).toBeGreaterThan(3);
    expect([...raised].sort()).toEqual(Object.keys(BOOKING_REFUSALS).sort());
    for (const { statusCode, message } of Object.values(BOOKING_REFUSALS)) {
      expect([404, 409]).toContain(statusCode);
      expect(message.length).toBeGreaterThan(10);
    }
  });

  it('counts only addresses that are a customer’s, not this machine’s or a private network’s (a proxy’s)', () => {
    expect(holdAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(holdAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(holdAddress('2001:db8::7')).toBe('2001:db8::7');
    for (const proxy of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.10', '100.64.3.4', '::1', 'fd00::5', '::ffff:127.0.0.1', 'not an address']) {
      expect(holdAddress(proxy), proxy).toBeUndefined();
    }
  });
});

describe(`booking rules (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let next = 0;
  /** A public address no other test uses (TEST-NET-3 and 2001:db8::/32 are for documentation). */
  const freshAddress = () => `203.0.113.${++next}`;

  const HOLD_MINUTES = 48 * 60;
  beforeAll(async () => {
    t = await createTestApp({ config: { holdMinutes: HOLD_MINUTES } });
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const bookFrom = (remoteAddress: string, token: string, car: string, pickupDate: string, returnDate: string) =>
    t.app.inject({
      method: 'POST',
      url: API.createBooking,
      remoteAddress,
      headers: authHeader(token),
      payload: { car, pickupDate, returnDate, paymentMethod: 'upfront' },
    });

  it(`lets ten accounts from one address hold at most ${MAX_PENDING_BOOKINGS_PER_ADDRESS} cars, while another address books as usual; confirmed ones do not count`, async () => {
    // What a hoarder did: ten accounts from one address, each holding a car for its pickup far ahead.
    const address = freshAddress();
    const cars = await Promise.all(Array.from({ length: 11 }, () => addCar(t.app, owner.token)));
    const accounts = await Promise.all(cars.map(() => registerCustomer(t.app)));
    // All at once: the address's limit holds under the race.
    const answers = await Promise.all(cars.slice(0, 10).map((car, i) => bookFrom(address, accounts[i]!.token, car._id, day(30), day(31))));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(MAX_PENDING_BOOKINGS_PER_ADDRESS).fill(201), ...Array(10 - MAX_PENDING_BOOKINGS_PER_ADDRESS).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.tooManyPendingFromAddress });
    }

    // Another address books as usual.
    const last = cars.at(-1)!;
    expect((await bookFrom(freshAddress(), accounts.at(-1)!.token, last._id, day(30), day(31))).statusCode).toBe(201);

    // Once staff confirm one, the address has room again, and the confirmed booking no longer keeps where it came from.
    const held = answers.filter((a) => a.statusCode === 201).map((a) => a.json().booking as { _id: string; car: { _id: string } });
    expect((await ownerCall(t.app, owner.token, 'POST', API.changeStatus, { bookingId: held[0]!._id, status: 'confirmed' })).statusCode).toBe(200);
    const [confirmed] = await t.db.select({ madeFrom: bookings.madeFrom }).from(bookings).where(eq(bookings.id, held[0]!._id));
    expect(confirmed!.madeFrom).toBeNull();
    const [unbooked, another] = cars.slice(0, 10).filter((car) => !held.some((b) => b.car._id === car._id));
    expect((await bookFrom(address, (await registerCustomer(t.app)).token, unbooked!._id, day(30), day(31))).statusCode).toBe(201);
    // And is full again.
    expect((await bookFrom(address, (await registerCustomer(t.app)).token, another!._id, day(30), day(31))).statusCode).toBe(409);
  }, 180_000);

  it(`counts the days an address holds, not only its bookings: at most ${MAX_PENDING_DAYS_PER_ADDRESS} days pending, whatever the accounts`, async () => {
    const address = freshAddress();
    const cars = await Promise.all(Array.from({ length: 4 }, () => addCar(t.app, owner.token)));
    const accounts = await Promise.all(cars.map(() => registerCustomer(t.app)));
    // The longest rental is always possible from an address that holds nothing.
    expect((await bookFrom(address, accounts[0]!.token, cars[0]!._id, day(30), day(30 + MAX_RENTAL_DAYS))).statusCode).toBe(201);
    const room = MAX_PENDING_DAYS_PER_ADDRESS - MAX_RENTAL_DAYS;
    // Two bookings only, far below the count, but one day more than the address may hold.
    const tooLong = await bookFrom(address, accounts[1]!.token, cars[1]!._id, day(30), day(30 + room + 1));
    expect(tooLong.json()).toEqual({ success: false, code: 'too_many_holds_from_address', message: MESSAGES.tooManyPendingFromAddress });
    expect(tooLong.statusCode).toBe(409);
    // What still fits is held; after it, not one day more.
    expect((await bookFrom(address, accounts[1]!.token, cars[1]!._id, day(30), day(30 + room))).statusCode).toBe(201);
    expect((await bookFrom(address, accounts[2]!.token, cars[2]!._id, day(30), day(31))).statusCode).toBe(409);
    // Another address books as usual.
    expect((await bookFrom(freshAddress(), accounts[3]!.token, cars[3]!._id, day(30), day(30 + MAX_RENTAL_DAYS))).statusCode).toBe(201);
  }, 120_000);

  it('does not count requests that arrive from this machine or a private network: they are a proxy’s', async () => {
    const cars = await Promise.all(Array.from({ length: MAX_PENDING_BOOKINGS_PER_ADDRESS + 1 }, () => addCar(t.app, owner.token)));
    for (const car of cars) {
      const customer = await registerCustomer(t.app);
      expect((await bookFrom('10.0.0.2', customer.token, car._id, day(40), day(40))).statusCode).toBe(201);
    }
  }, 120_000);

  it('behind a proxy (TRUST_PROXY), counts the customer’s address the proxy forwards, not the proxy’s', async () => {
    const behind = await createTestApp({ config: { trustProxy: 1 } });
    try {
      const staff = await createOwner(behind.app);
      const cars = await Promise.all(Array.from({ length: MAX_PENDING_BOOKINGS_PER_ADDRESS + 2 }, () => addCar(behind.app, staff.token)));
      const viaProxy = async (client: string, car: string) =>
        behind.app.inject({
          method: 'POST',
          url: API.createBooking,
          remoteAddress: '10.0.0.1',
          headers: { ...authHeader((await registerCustomer(behind.app)).token), 'x-forwarded-for': client },
          payload: { car, pickupDate: day(30), returnDate: day(30), paymentMethod: 'upfront' },
        });
      const statuses = [];
      for (const car of cars.slice(0, -1)) statuses.push((await viaProxy('198.51.100.9', car._id)).statusCode);
      expect(statuses).toEqual([...Array(MAX_PENDING_BOOKINGS_PER_ADDRESS).fill(201), 409]);
      expect((await viaProxy('198.51.100.10', cars.at(-1)!._id)).statusCode).toBe(201);
    } finally {
      await behind.close();
    }
  }, 120_000);

  it(`holds a booking whose pickup is more than ${FAR_AHEAD_DAYS} days ahead for ${FAR_AHEAD_HOLD_MINUTES / 60} hours, nearer ones for the usual hold`, async () => {
    const car = await addCar(t.app, owner.token);
    const customer = await registerCustomer(t.app);
    const hoursHeld = async (pickup: string) => {
      const before = Date.now();
      const res = await bookFrom(freshAddress(), customer.token, car._id, pickup, pickup);
      expect(res.statusCode).toBe(201);
      return (new Date(res.json().booking.holdExpiresAt).getTime() - before) / 3_600_000;
    };
    expect(await hoursHeld(day(FAR_AHEAD_DAYS))).toBeCloseTo(HOLD_MINUTES / 60, 1);
    expect(await hoursHeld(day(FAR_AHEAD_DAYS + 1))).toBeCloseTo(FAR_AHEAD_HOLD_MINUTES / 60, 1);
  }, 120_000);

  it(`cancels a hold more than ${FAR_AHEAD_DAYS} days ahead once ${FAR_AHEAD_HOLD_MINUTES / 60} hours pass unconfirmed, says so when booked, and keeps one staff confirmed`, async () => {
    const [car, customer, other] = await Promise.all([addCar(t.app, owner.token), registerCustomer(t.app), registerCustomer(t.app)]);
    const far = day(FAR_AHEAD_DAYS + 10);
    const farAhead = await bookFrom(freshAddress(), customer.token, car._id, far, far);
    const farConfirmed = await bookFrom(freshAddress(), customer.token, car._id, day(FAR_AHEAD_DAYS + 20), day(FAR_AHEAD_DAYS + 20));
    const near = await bookFrom(freshAddress(), customer.token, car._id, day(FAR_AHEAD_DAYS), day(FAR_AHEAD_DAYS));
    expect([farAhead.statusCode, farConfirmed.statusCode, near.statusCode]).toEqual([201, 201, 201]);
    // The customer is told at once, in the answer's words.
    expect(farAhead.json().message).toBe(MESSAGES.bookingCreatedFarAhead);
    expect(MESSAGES.bookingCreatedFarAhead).toContain(`more than ${FAR_AHEAD_DAYS} days ahead`);
    expect(MESSAGES.bookingCreatedFarAhead).toContain(`for ${FAR_AHEAD_HOLD_MINUTES / 60} hours`);
    expect(near.json().message).toBe(MESSAGES.bookingCreated);
    const ids = [farAhead, farConfirmed, near].map((res) => res.json().booking._id as string);
    expect((await ownerCall(t.app, owner.token, 'POST', API.changeStatus, { bookingId: ids[1], status: 'confirmed' })).statusCode).toBe(200);

    // A day and a minute go by (every hold moved that much nearer its end), and the sweeper runs.
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`hold_expires_at - interval '1 day 1 minute'` })
      .where(inArray(bookings.id, ids));
    const expired = await expireHolds(t.db, t.app.events);
    expect(expired.map((hold) => hold.id).filter((id) => ids.includes(id))).toEqual([ids[0]]);
    const statuses = Object.fromEntries(
      responses.bookings
        .parse((await t.app.inject({ method: 'GET', url: API.userBookings, headers: authHeader(customer.token) })).json())
        .bookings.map((b) => [b._id, [b.status, b.statusReason]]),
    );
    expect([ids[0], ids[1], ids[2]].map((id) => statuses[id!])).toEqual([
      ['cancelled', 'expired'],
      ['confirmed', null],
      ['pending', null],
    ]);
    // Its day is free again for anyone.
    expect((await bookFrom(freshAddress(), other.token, car._id, far, far)).statusCode).toBe(201);
  }, 120_000);
});
