import { MESSAGES, responses } from '@rental/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { type Account, callWithStatus, createOwner, createTestApp, describeDatabase, outcomeOf, type TestApp, testApi } from './helpers';
import { addCar, customersWithTokens, day } from './support/fleet';

const CUSTOMERS = 32;

describe(`simultaneous bookings (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let crowd: { id: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    crowd = await customersWithTokens(t.app, CUSTOMERS);
  });
  afterAll(() => t?.close());

  /** A booking's status with its answer, or its refusal: in a crowd, who wins is not known beforehand. */
  const book = (token: string, car: string, pickupDate: string, returnDate: string) =>
    outcomeOf(callWithStatus(t.app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } }));

  it(`gives one car to exactly one of ${CUSTOMERS} customers booking the same days at once`, async () => {
    const car = await addCar(t.app, owner.token);
    const answers = await Promise.all(crowd.map((c) => book(c.token, car._id, day(7), day(9))));

    const won = answers.filter((r) => r.status >= 200 && r.status < 300);
    const refused = answers.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(CUSTOMERS - 1);
    for (const r of refused) expect(r.refusal).toEqual({ success: false, code: expect.any(String), message: MESSAGES.datesTaken });

    const live = await t.db
      .select({ userId: bookings.userId })
      .from(bookings)
      .where(and(eq(bookings.carId, car._id), ne(bookings.status, 'cancelled')));
    expect(live).toHaveLength(1);
    const winner = responses.bookingCreated.parse(won[0]!.answer).booking;
    expect(crowd.find((c) => c.id === live[0]!.userId)).toBeDefined();
    expect(winner.car._id).toBe(car._id);
  });

  it('refuses every overlapping range sent at once, whichever arrives first', async () => {
    const car = await addCar(t.app, owner.token);
    // Each range shares at least one day with every other (all contain day 20).
    const ranges = crowd.map((_, i) => [day(20 - (i % 5)), day(20 + (i % 7))] as const);
    const answers = await Promise.all(crowd.map((c, i) => book(c.token, car._id, ranges[i]![0], ranges[i]![1])));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(CUSTOMERS - 1);
  });

  it('answers every booking of a crowd with staggered days 201 or 409, never an error, and no day twice', async () => {
    // Ranges that overlap some others but not all: PostgreSQL may then deadlock two inserts on the
    // exclusion constraint, and the server must try the loser again instead of answering 500.
    const cars = [await addCar(t.app, owner.token), await addCar(t.app, owner.token)];
    const attempts = crowd.flatMap((c, i) => cars.map((car, k) => ({ token: c.token, car: car._id, from: 40 + ((i * 3 + k) % 11), days: (i + k) % 3 })));
    const answers = await Promise.all(attempts.map((a) => book(a.token, a.car, day(a.from), day(a.from + a.days))));
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(answers.find((r) => r.status >= 500)?.refusal),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(1);

    for (const car of cars) {
      const reserved = (await testApi(t.app).call('car', { params: { id: car._id } })).car.reservedDates;
      const sorted = [...reserved].sort((a, b) => a.pickupDate.localeCompare(b.pickupDate));
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.pickupDate > sorted[i - 1]!.returnDate).toBe(true);
      expect(sorted).toHaveLength(statuses.filter((s, j) => s === 201 && attempts[j]!.car === car._id).length);
    }
  });
});
