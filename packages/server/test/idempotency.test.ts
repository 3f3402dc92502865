/**
 * Idempotency-Key on POST /api/bookings/create: a retry gets the first answer, never a second
 * booking or a confusing "dates taken"; a key reused for another booking is refused; concurrent
 * retries make one booking; the key and the booking are written together or not at all.
 * Raw requests (not the typed client): the test is about headers, Idempotency-Key sent and Idempotent-Replayed answered.
 */
import { randomUUID } from 'node:crypto';
import { API, MESSAGES } from '@rental/contract';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookings, idempotencyKeys } from '../src/db/schema';
import { MESSAGE_BAD_KEY, MESSAGE_KEY_REUSED } from '../src/features/bookings/idempotency';
import { authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, type Account, type TestApp } from './helpers';
import { everyRow } from './support/everyRow';
import { addCar, day } from './support/fleet';

describe(`Idempotency-Key on booking (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let ann: Account;
  let bob: Account;
  let carId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    carId = (await addCar(t.app, owner.token))._id;
  });
  // Fresh customers for each test: a customer holds at most three pending bookings at once.
  beforeEach(async () => {
    [ann, bob] = await Promise.all([registerCustomer(t.app, { name: 'Ann' }), registerCustomer(t.app, { name: 'Bob' })]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const request = (account: Account, key: string | undefined, payload: object): InjectOptions => ({
    method: 'POST',
    url: API.createBooking,
    headers: { ...authHeader(account.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
  const booking = (from: number, to: number, car = carId) => ({ car, pickupDate: day(from), returnDate: day(to), paymentMethod: 'upfront' });
  const bookingsCount = async () => (await t.db.select({ n: count() }).from(bookings))[0]!.n;

  it('a retry with the same key gets the first answer, and there is still one booking', async () => {
    const key = randomUUID();
    const before = await bookingsCount();
    const first = await t.app.inject(request(ann, key, booking(10, 12)));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let retry = 0; retry < 3; retry++) {
      const again = await t.app.inject(request(ann, key, booking(10, 12)));
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await bookingsCount()).toBe(before + 1);
  });

  it('the first answer is replayed as it was, even after the booking changed since', async () => {
    const key = randomUUID();
    const first = await t.app.inject(request(ann, key, booking(14, 15)));
    const id = first.json().booking._id as string;
    const confirm = await t.app.inject({
      method: 'POST',
      url: API.changeStatus,
      headers: authHeader(owner.token),
      payload: { bookingId: id, status: 'confirmed' },
    });
    expect(confirm.statusCode).toBe(200);
    const again = await t.app.inject(request(ann, key, { ...booking(14, 15), price: 1, status: 'cancelled' }));
    expect(again.json()).toEqual(first.json());
    expect(again.json().booking.status).toBe('pending');
  });

  it('without a key, the same booking sent twice is two attempts: the second finds the days taken', async () => {
    const first = await t.app.inject(request(ann, undefined, booking(20, 21)));
    const second = await t.app.inject(request(ann, undefined, booking(20, 21)));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.datesTaken);
  });

  it('the same key for a different booking is refused with 422, and nothing is written', async () => {
    const key = randomUUID();
    expect((await t.app.inject(request(ann, key, booking(24, 25)))).statusCode).toBe(201);
    const before = await everyRow(t.database.opened.raw);
    for (const other of [booking(26, 27), { ...booking(24, 25), paymentMethod: 'cash_deposit' }, booking(24, 26)]) {
      const res = await t.app.inject(request(ann, key, other));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGE_KEY_REUSED });
    }
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('keys are per customer: the same key from another customer is another booking', async () => {
    const key = `shared-${randomUUID()}`;
    const otherCar = (await addCar(t.app, owner.token, { brand: 'Second' }))._id;
    const annsAnswer = await t.app.inject(request(ann, key, booking(30, 31)));
    const bobsAnswer = await t.app.inject(request(bob, key, booking(30, 31, otherCar)));
    expect(annsAnswer.statusCode).toBe(201);
    expect(bobsAnswer.statusCode).toBe(201);
    expect(bobsAnswer.json().booking._id).not.toBe(annsAnswer.json().booking._id);
    // And Bob cannot read Ann's answer by guessing her key.
    const bobTriesAnns = await t.app.inject(request(bob, key, booking(30, 31)));
    expect(bobTriesAnns.statusCode).toBe(422);
    expect(bobTriesAnns.body).not.toContain(annsAnswer.json().booking._id);
  });

  it('concurrent retries with one key make exactly one booking and all get its answer', async () => {
    const key = randomUUID();
    const before = await bookingsCount();
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.app.inject(request(ann, key, booking(40, 42)))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    const ids = new Set(answers.map((a) => a.json().booking._id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    expect(await bookingsCount()).toBe(before + 1);
  });

  describe('once the dates of a booking have passed', () => {
    afterEach(() => vi.useRealTimers());

    it('a retry the day after (its answer lost) still gets the first answer, not "in the past"', async () => {
      const key = randomUUID();
      const today = booking(0, 1);
      const first = await t.app.inject(request(ann, key, today));
      expect(first.statusCode, first.body).toBe(201);
      vi.setSystemTime(Date.now() + 26 * 60 * 60 * 1000);
      const retry = await t.app.inject(request(ann, key, today));
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers['idempotent-replayed']).toBe('true');
    });

    it('the same key for another booking whose dates are past is still 422', async () => {
      const key = randomUUID();
      expect((await t.app.inject(request(ann, key, booking(60, 61)))).statusCode).toBe(201);
      const other = await t.app.inject(request(ann, key, booking(-1, 61)));
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGE_KEY_REUSED });
    });
  });

  it('a refusal is not remembered: the key is written only with a booking, so a later retry books', async () => {
    const blocking = await t.app.inject(request(bob, undefined, booking(50, 52)));
    const key = randomUUID();
    const refused = await t.app.inject(request(ann, key, booking(51, 51)));
    expect(refused.statusCode).toBe(409);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);

    const cancel = await t.app.inject({
      method: 'POST',
      url: API.changeStatus,
      headers: authHeader(owner.token),
      payload: { bookingId: blocking.json().booking._id, status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const retried = await t.app.inject(request(ann, key, booking(51, 51)));
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('every stored key has its booking and every keyed booking its key', async () => {
    const keys = await t.db.select().from(idempotencyKeys);
    expect(keys.length).toBeGreaterThan(0);
    for (const row of keys) {
      expect(row.statusCode).toBe(201);
      const id = (row.response as { booking: { _id: string } }).booking._id;
      const [made] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(made?.userId).toBe(row.userId);
    }
  });

  it('refuses a malformed key with a clear message, before booking anything', async () => {
    const before = await everyRow(t.database.opened.raw);
    for (const key of ['', ' ', 'x'.repeat(256), 'café', 'two words', 'tab\there']) {
      const res = await t.app.inject(request(ann, key, booking(60, 61)));
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGE_BAD_KEY });
    }
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
    // A bad body is answered as before, whatever the key.
    const bad = await t.app.inject(request(ann, randomUUID(), { ...booking(60, 61), pickupDate: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
  });

  it('needs a login like any booking: a key opens nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.createBooking, headers: { 'idempotency-key': randomUUID() }, payload: booking(70, 71) });
    expect(res.statusCode).toBe(401);
  });
});
